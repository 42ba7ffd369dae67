// Batched builds of small host benchmarks: real compiles, real runs.
#include "run/benchmark_session.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/environment_error.hpp"
#include "run/stream_run_log.hpp"
#include "store/results_database.hpp"
#include "support/host_session.hpp"
#include "support/policytune_process.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

const std::string kFaults = POLICYTUNE_TEST_DATA "/faults/bench/faults/";
const std::string kTiny = POLICYTUNE_TEST_DATA "/search/bench/tiny/sum.cpp";

// A session's scratch folder, options and log, `batch_size` variants to a binary.
struct Session : testing::HostSession<StreamRunLog> {
  explicit Session(std::size_t batch_size) : HostSession("session", batch_size) {}
};

std::vector<std::pair<std::string, Variant>> every_variant(const SearchSpace& space) {
  std::vector<std::pair<std::string, Variant>> variants;
  for (BigCount index; index < space.size(); index = index + BigCount(1)) {
    Variant variant = space.variant_at(index);
    variants.emplace_back(space.name_of(variant), variant);
  }
  return variants;
}

}  // namespace

TEST_CASE("a batch that fails is split until its failing variants are isolated", "[benchmark_session][batch]") {
  Session s(8);
  BenchmarkSession session(s.options, s.progress, read_benchmark_source(kFaults + "batch_isolation.cpp"));
  session.prepare();
  const auto workloads = session.selected_workloads();
  REQUIRE(workloads.size() == 1);
  const auto builds = session.build(every_variant(session.space()), workloads[0]);
  REQUIRE(builds.size() == 8);
  std::map<std::string, std::string> binary_of;
  for (const auto& build : builds) {
    INFO(build.variant);
    if (build.variant == "x_3" || build.variant == "x_6") {
      CHECK(build.status == Status::build_failed);
      CHECK_THAT(build.reason, Catch::Contains("deliberate failure in x_3 and x_6"));
      continue;
    }
    REQUIRE(build.status == Status::ok);
    binary_of[build.variant] = build.binary;
    // Each variant runs with its own SCALE: verification fails if one variant's macros leaked
    // into another's copy of the source.
    const auto rows = session.measure(build, workloads[0], std::chrono::seconds(60)).rows;
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].status == Status::ok);
    CHECK(rows[0].variant == build.variant);
  }
  // The halves that compiled kept their variants together: 8 -> 4 + 4 -> 2 + 2 + 2 + 2, of which
  // the pairs holding x_3 and x_6 were split again.
  CHECK(binary_of["x_1"] == binary_of["x_2"]);
  CHECK(binary_of["x_7"] == binary_of["x_8"]);
  CHECK(binary_of["x_1"] != binary_of["x_7"]);
  CHECK(binary_of["x_4"] != binary_of["x_5"]);
  CHECK(s.logged().find("one variant per binary") == std::string::npos);
}

TEST_CASE("a variant ptxas refuses for too much shared memory is skipped, a broken one failed",
          "[benchmark_session][batch]") {
  Session s(4);
  BenchmarkSession session(s.options, s.progress, read_benchmark_source(kFaults + "ptxas_refusal.cpp"));
  session.prepare();
  const auto workload = session.selected_workloads().at(0);
  const auto builds = session.build(every_variant(session.space()), workload);
  REQUIRE(builds.size() == 4);
  std::map<std::string, BenchmarkSession::Build> by_name;
  for (const auto& build : builds) by_name[build.variant] = build;
  CHECK(by_name["x_2"].status == Status::skipped);
  CHECK(by_name["x_2"].reason ==
        "needs 91280 bytes of static shared memory per block, over the 49152 every device allows (ptxas)");
  CHECK(by_name["x_4"].status == Status::build_failed);
  CHECK_THAT(by_name["x_4"].reason, Catch::Contains("deliberate failure in x_4"));
  for (const auto* name : {"x_1", "x_3"}) {
    INFO(name);
    REQUIRE(by_name[name].status == Status::ok);
    const auto rows = session.measure(by_name[name], workload, std::chrono::seconds(60)).rows;
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].status == Status::ok);
  }
}

TEST_CASE("a source whose variants only compile alone is built one variant per binary", "[benchmark_session][batch]") {
  Session s(4);
  BenchmarkSession session(s.options, s.progress, read_benchmark_source(kFaults + "unbatchable.cpp"));
  session.prepare();
  const auto workload = session.selected_workloads().at(0);
  const auto variants = every_variant(session.space());
  const auto first = session.build(variants, workload);
  for (const auto& build : first) {
    INFO(build.variant);
    CHECK(build.status == Status::ok);
    CHECK(build.selection.empty());
  }
  // The line says why the batch failed: the compiler's first error.
  CHECK_THAT(s.logged(), Catch::Contains("unbatchable: its variants do not compile together (a batch of 4: ") &&
                             Catch::Contains("); building one variant per binary"));
  CHECK(session.round_size() == 4);  // two variants per core, as unbatched builds go
  const auto second = session.build(variants, workload);
  for (const auto& build : second) CHECK(build.selection.empty());
}

TEST_CASE("variants of a source whose includes depend on the variant are never batched", "[benchmark_session][batch]") {
  Session s(0);
  BenchmarkSession session(s.options, s.progress, read_benchmark_source(kFaults + "host.cpp"));
  session.prepare();
  const auto workload = session.selected_workloads().at(0);
  const SearchSpace& space = session.space();
  const auto builds =
      session.build({{"fault_0", *space.parse_name("fault_0")}, {"fault_5", *space.parse_name("fault_5")}}, workload);
  REQUIRE(builds.size() == 2);
  for (const auto& build : builds) {
    CHECK(build.status == Status::ok);
    CHECK(build.selection.empty());
    CHECK_THAT(std::filesystem::path(build.binary).filename().string(), Catch::StartsWith(build.variant + ".pid"));
  }
}

TEST_CASE("a batched binary runs only the variant it is asked for", "[benchmark_session][batch]") {
  Session s(3);
  BenchmarkSession session(s.options, s.progress, read_benchmark_source(kTiny));
  session.prepare();
  const auto workloads = session.selected_workloads();
  REQUIRE(workloads.size() == 2);
  const auto builds = session.build({{"unroll_1", {1}}, {"unroll_4", {4}}, {"unroll_6", {6}}}, workloads[0]);
  REQUIRE(builds.size() == 3);
  for (const auto& build : builds) {
    REQUIRE(build.status == Status::ok);
    CHECK(build.binary == builds[0].binary);
    CHECK(build.selection == std::vector<std::string>{"--variant", build.variant});
    const auto rows = session.measure(build, workloads[0], std::chrono::seconds(60)).rows;
    REQUIRE(rows.size() == 2);  // N = 1000, 4000
    for (const auto& row : rows) {
      CHECK(row.status == Status::ok);
      CHECK(row.variant == build.variant);
    }
  }
  // Without --variant a batched binary refuses to guess.
  BenchmarkSession::Build unselected = builds[0];
  unselected.selection.clear();
  const auto rows = session.measure(unselected, workloads[0], std::chrono::seconds(60)).rows;
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].status == Status::run_failed);
  CHECK_THAT(rows[0].reason, Catch::Contains("choose one with --variant"));
}

TEST_CASE("searches of one benchmark sharing a build folder do not build, run or remove each other's binaries",
          "[benchmark_session][concurrency]") {
  // Three at once, from a fresh build folder: they build base together, then the same three variants
  // one binary each, each removing its binaries once measured.
  testing::TemporaryDirectory directory("shared-build");
  const std::string build = directory.file("build");
  std::vector<pid_t> searches;
  for (int i = 0; i < 3; ++i) {
    const std::string database = directory.file("results-" + std::to_string(i) + ".db");
    searches.push_back(
        testing::start_policytune({"search",      kTiny,        "-a",       "T{ct}=I32", "--db",          database,
                                   "--build-dir", build,        "-j",       "2",         "--batch-size",  "1",
                                   "--strategy",  "exhaustive", "--budget", "3",         "--min-samples", "3",
                                   "--max-time",  "0.02"}));
  }
  for (const pid_t search : searches) {
    int status = 0;
    waitpid(search, &status, 0);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
  for (int i = 0; i < 3; ++i) {
    ResultsDatabase database(directory.file("results-" + std::to_string(i) + ".db"), ResultsDatabase::Mode::read_only);
    const auto rows = database.measurements();
    CHECK(rows.size() == 4 * 2);  // base and the same three variants, two sizes each
    for (const auto& row : rows) {
      INFO(row.variant << ": " << row.reason);
      CHECK(row.status == Status::ok);
    }
  }
}

TEST_CASE("a binary that vanished before it ran gives no row: the machine's fault, no verdict on the variant",
          "[benchmark_session][machine_fault]") {
  Session s(4);
  BenchmarkSession session(s.options, s.progress, read_benchmark_source(kFaults + "vanishing.cpp"));
  session.prepare();
  const auto workload = session.selected_workloads().at(0);
  REQUIRE(session.measure(session.base_build(), workload, std::chrono::seconds(60)).rows.size() == 1);
  const auto builds = session.build(every_variant(session.space()), workload);
  REQUIRE(builds.size() == 4);
  // x_1 runs well and removes the batch's binary as it does: its batch-mates find none.
  const auto x_1 = session.measure(builds[0], workload, std::chrono::seconds(60));
  REQUIRE(x_1.rows.size() == 1);
  CHECK(x_1.rows[0].status == Status::ok);
  REQUIRE_FALSE(std::filesystem::exists(builds[1].binary));
  CHECK(session.measure(builds[1], workload, std::chrono::seconds(60)).rows.empty());
  CHECK_THAT(s.logged(), Catch::Contains("vanishing: x_2: not measured: its binary " + builds[1].binary + " vanished"));

  // Without base's binary nothing can be compared: the machine's fault, for the whole search.
  BenchmarkSession::Build base = session.base_build();
  base.binary = s.directory.file("no-base");
  CHECK_THROWS_MATCHES(session.measure(base, workload, std::chrono::seconds(60)), EnvironmentError,
                       Catch::Message(base.binary + ": base's binary vanished: run the same command again"));
}
