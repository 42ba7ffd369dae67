// End-to-end searches of small host benchmarks: real compiles, real runs, a real database.
#include "search/search.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "store/results_database.hpp"
#include "support/policytune_process.hpp"
#include "support/shared_build_cache.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::kTinyBenchmark;
namespace fs = std::filesystem;

namespace {

const std::string kFaultsHost = POLICYTUNE_TEST_DATA "/faults/bench/faults/host.cpp";
const std::string kAllFail = POLICYTUNE_TEST_DATA "/faults/bench/faults/all_fail.cpp";
const std::string kDeviceLimits = POLICYTUNE_TEST_DATA "/faults/bench/faults/device_limits.cpp";
const std::string kMeasuresNothing = POLICYTUNE_TEST_DATA "/faults/bench/faults/measures_nothing.cpp";
const std::string kBaseMeasuresNothing = POLICYTUNE_TEST_DATA "/faults/bench/faults/base_measures_nothing.cpp";
const std::string kCheckWork = POLICYTUNE_TEST_DATA "/check/bench/check/work.cpp";

struct Workspace {
  testing::TemporaryDirectory directory{"search"};
  const fs::path& root = directory.path();
  std::FILE* quiet = std::fopen("/dev/null", "w");

  ~Workspace() { std::fclose(quiet); }

  SearchOptions options(const std::string& source, const std::string& database = "results.db") const {
    SearchOptions options;
    options.sources = {source};
    options.database = (root / database).string();
    options.build_directory = (root / "build").string();
    options.compiler.include_directories = default_include_directories();
    options.compiler.build_cache = testing::shared_build_cache();
    options.jobs = 2;
    options.sampling = {3, 0.05, 0.02};
    return options;
  }

  std::vector<Measurement> rows(const std::string& database = "results.db") const {
    ResultsDatabase db((root / database).string(), ResultsDatabase::Mode::must_exist);
    return db.measurements();
  }
};

// A search whose progress lines are kept: what it said, and how many variants it measured and failed.
struct LoggedSearch {
  std::string said;
  std::uint64_t measured = 0;
  std::uint64_t failed = 0;
};
LoggedSearch run_logged_search(const SearchOptions& options, const fs::path& log) {
  std::FILE* stream = std::fopen(log.c_str(), "w");
  SearchProgress progress(stream, ProgressStyle::lines);
  run_search(options, progress);
  std::fclose(stream);
  return {read_text_file(log.string()), progress.measured(), progress.failed()};
}

std::map<std::string, std::string> status_by_variant(const std::vector<Measurement>& rows) {
  std::map<std::string, std::string> statuses;
  for (const auto& row : rows) {
    auto& status = statuses[row.variant];
    if (status.empty() || status == "ok") status = std::string(to_string(row.status));
  }
  return statuses;
}

}  // namespace

TEST_CASE("every compile-time workload is searched", "[search]") {
  Workspace workspace;
  auto options = workspace.options(kTinyBenchmark);
  options.strategy = "exhaustive";  // a budget below the space's size makes `auto` search adaptively
  options.budget = 2;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  std::map<std::string, std::set<std::string>> variants_by_workload;
  for (const auto& row : workspace.rows()) {
    CHECK(row.status == Status::ok);
    variants_by_workload[row.ct_workload].insert(row.variant);
  }
  const std::set<std::string> expected{"base", "unroll_1", "unroll_2"};
  CHECK(variants_by_workload ==
        std::map<std::string, std::set<std::string>>{{"T{ct}=I32", expected}, {"T{ct}=F32", expected}});
  CHECK(progress.measured() == 4);
}

TEST_CASE("axis filters select compile-time and runtime workloads", "[search]") {
  Workspace workspace;
  auto options = workspace.options(kTinyBenchmark);
  options.budget = 1;
  options.filters = {parse_axis_filter("T{ct}=F32"), parse_axis_filter("N=4000")};
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  for (const auto& row : workspace.rows()) {
    CHECK(row.ct_workload == "T{ct}=F32");
    CHECK(row.rt_workload == "N=4000");
  }
  CHECK(workspace.rows().size() == 2);  // base and unroll_1, one runtime workload each
}

TEST_CASE("each fault is recorded with its status and the search completes", "[search][resume]") {
  Workspace workspace;
  auto options = workspace.options(kFaultsHost);
  options.filters = {parse_axis_filter("T{ct}=I32")};
  // fault_2 hangs the compiler and fault_4 its run. The limits stay the ones derived from base's
  // build and run (10x and 50x, at least 10 s), which a loaded machine stretches alike, so a correct
  // variant still ends in time; short sampling keeps the run limit at its 10 s floor.
  options.sampling.min_samples = 3;
  options.sampling.max_time = 0.02;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  const auto rows = workspace.rows();
  const auto statuses = status_by_variant(rows);
  CHECK(statuses == std::map<std::string, std::string>{
                        {"base", "ok"},
                        {"fault_0", "ok"},
                        {"fault_1", "build_failed"},
                        {"fault_2", "build_timeout"},
                        {"fault_3", "run_failed"},
                        {"fault_4", "run_timeout"},
                        {"fault_5", "wrong_result"},
                        {"fault_6", "run_failed"},
                    });
  for (const auto& row : rows) {
    if (row.variant == "fault_3") CHECK_THAT(row.reason, Catch::Contains("signal 11"));
    if (row.variant == "fault_6") CHECK_THAT(row.reason, Catch::Contains("instead of harness JSON"));
    if (row.variant == "fault_1") CHECK_THAT(row.reason, Catch::Contains("error"));
    if (row.status != Status::ok) CHECK_FALSE(row.reason.empty());
  }

  // Searched again: every variant is found stored, the failed ones too; nothing is built or run
  // again (a failure is a result, not a gap to fill).
  SearchProgress again(workspace.quiet, ProgressStyle::lines);
  run_search(options, again);
  CHECK(again.measured() == 0);
  CHECK(again.reused() == 7);
  CHECK(again.build_seconds() == 0);
  CHECK(status_by_variant(workspace.rows()) == statuses);
}

TEST_CASE("what a variant's own harness document forges is stored as a failed run, never as a measurement",
          "[search]") {
  Workspace workspace;
  auto options = workspace.options(POLICYTUNE_TEST_DATA "/faults/bench/faults/forged.cpp");
  options.sampling.min_samples = 5;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  const auto rows = workspace.rows();
  std::map<std::string, std::string> reasons;
  for (const auto& row : rows) {
    CHECK(row.entry != "ghost");
    // Nothing of N=3000, which no run was asked for: a run that reports it fails as a whole.
    CHECK((row.rt_workload == "N=1000" || (row.rt_workload.empty() && row.status == Status::run_failed)));
    CHECK(row.ct_workload == "T{ct}=I32");
    if (row.status != Status::ok) CHECK(row.statistics.median == 0);  // no forged number is kept
    reasons[row.variant] = row.reason;
  }
  CHECK(status_by_variant(rows) == std::map<std::string, std::string>{
                                       {"base", "ok"},
                                       {"forgery_0", "ok"},
                                       {"forgery_1", "run_failed"},
                                       {"forgery_2", "run_failed"},
                                       {"forgery_3", "run_failed"},
                                       {"forgery_4", "run_failed"},
                                       {"forgery_5", "run_failed"},
                                       {"forgery_6", "run_failed"},
                                       {"forgery_7", "run_failed"},
                                   });
  CHECK_THAT(reasons["forgery_1"], Catch::Contains("a median of 1e-300 s is not a measurement"));
  CHECK_THAT(reasons["forgery_2"], Catch::Contains("a median of -1e-06 s"));
  CHECK_THAT(reasons["forgery_3"], Catch::Contains("1 samples, fewer than the 5 asked for"));
  CHECK_THAT(reasons["forgery_4"], Catch::Contains("entry 'ghost' is not one the benchmark lists"));
  CHECK_THAT(reasons["forgery_5"], Catch::Contains("3000 is not a value of N"));
  CHECK_THAT(reasons["forgery_6"], Catch::Contains("reported this state twice"));
  CHECK_THAT(reasons["forgery_7"], Catch::Contains("'T{ct}=F64' was not asked for"));
}

TEST_CASE("when every variant fails the search stops with the first failure", "[search]") {
  Workspace workspace;
  auto options = workspace.options(kAllFail);
  options.filters = {parse_axis_filter("T{ct}=I32")};
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  REQUIRE_THROWS_MATCHES(
      run_search(options, progress), UserError, Catch::Predicate<UserError>([](const UserError& error) {
        const std::string text = error.what();
        return text.find("every variant of faults.all_fail[T{ct}=I32] failed") != std::string::npos &&
               text.find("deliberate failure") != std::string::npos;
      }));
  CHECK(status_by_variant(workspace.rows()).at("x_1") == "build_failed");
}

TEST_CASE("variants the device cannot launch are recorded as skipped, not failed", "[search]") {
  Workspace workspace;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(workspace.options(kDeviceLimits), progress);
  CHECK(progress.failed() == 0);
  CHECK(progress.skipped() == 2);
  CHECK(progress.measured() == 4);
  const auto statuses = status_by_variant(workspace.rows());
  CHECK(statuses ==
        std::map<std::string, std::string>{
            {"base", "ok"}, {"tpb_512", "ok"}, {"tpb_1024", "ok"}, {"tpb_1536", "skipped"}, {"tpb_2048", "skipped"}});
  for (const auto& row : workspace.rows()) {
    if (row.variant == "tpb_2048") CHECK(row.reason == "needs 2048 threads per block, the device allows 1024");
  }
}

TEST_CASE("variants that return without measuring are recorded as skipped, not failed", "[search]") {
  Workspace workspace;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(workspace.options(kMeasuresNothing), progress);
  CHECK(progress.failed() == 0);
  CHECK(progress.skipped() == 2);
  CHECK(status_by_variant(workspace.rows()) ==
        std::map<std::string, std::string>{
            {"base", "ok"}, {"tile_1", "ok"}, {"tile_2", "ok"}, {"tile_3", "skipped"}, {"tile_4", "skipped"}});
  for (const auto& row : workspace.rows()) {
    if (row.variant == "tile_4") CHECK_THAT(row.reason, Catch::Contains("measured nothing"));
  }
}

TEST_CASE("a base that measures nothing stops the search with one error naming the file", "[search]") {
  Workspace workspace;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  REQUIRE_THROWS_MATCHES(run_search(workspace.options(kBaseMeasuresNothing), progress), UserError,
                         Catch::Predicate<UserError>([](const UserError& error) {
                           const std::string text = error.what();
                           return text.find("base_measures_nothing.cpp") != std::string::npos &&
                                  text.find("has no successful measurement: skipped: the benchmark measured nothing") !=
                                      std::string::npos;
                         }));
}

TEST_CASE("shards of a search are disjoint and together are the whole search", "[search]") {
  Workspace workspace;
  std::set<std::string> seen;
  std::size_t measured = 0;
  for (std::uint64_t k = 1; k <= 3; ++k) {
    auto options = workspace.options(kCheckWork, "shard" + std::to_string(k) + ".db");
    options.shard_index = k;
    options.shard_count = 3;
    SearchProgress progress(workspace.quiet, ProgressStyle::lines);
    run_search(options, progress);
    for (const auto& [variant, status] : status_by_variant(workspace.rows("shard" + std::to_string(k) + ".db"))) {
      if (variant == "base") continue;  // every shard measures its own base
      CHECK(seen.insert(variant).second);
      ++measured;
    }
  }
  CHECK(seen == std::set<std::string>{"work_1", "work_2", "work_3", "work_4"});
  CHECK(measured == 4);
  auto bad = workspace.options(kCheckWork);
  bad.shard_index = 4;
  bad.shard_count = 3;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  CHECK_THROWS_WITH(run_search(bad, progress), Catch::Contains("--shard 4/3"));
}

TEST_CASE("the same seed searches the same variants in the same order", "[search]") {
  Workspace workspace;
  const auto order = [&](const std::string& database, std::uint64_t seed) {
    auto options = workspace.options(kTinyBenchmark, database);
    options.strategy = "random";
    options.budget = 3;
    options.seed = seed;
    options.filters = {parse_axis_filter("T{ct}=I32")};
    SearchProgress progress(workspace.quiet, ProgressStyle::lines);
    run_search(options, progress);
    std::vector<std::string> variants;
    for (const auto& row : workspace.rows(database)) {
      if (variants.empty() || variants.back() != row.variant) variants.push_back(row.variant);
    }
    return variants;
  };
  const auto first = order("first.db", 7);
  CHECK(first.size() == 4);  // base and three variants
  CHECK(order("second.db", 7) == first);
}

TEST_CASE("a resumed search measures only what is missing", "[search][resume]") {
  Workspace workspace;
  auto options = workspace.options(kTinyBenchmark);
  options.filters = {parse_axis_filter("T{ct}=I32")};
  options.budget = 2;
  SearchProgress first(workspace.quiet, ProgressStyle::lines);
  run_search(options, first);
  options.budget.reset();
  SearchProgress second(workspace.quiet, ProgressStyle::lines);
  run_search(options, second);
  CHECK(second.reused() == 2);
  CHECK(second.measured() == 4);
  CHECK(workspace.rows().size() == 7 * 2);  // base and six variants, two sizes each
}

namespace {

// Starts `policytune search` of the tiny benchmark (I32 only, one variant compiled at a time) as a child
// process, waits until at least `rows` results are stored, then sends it `signal`.
// Returns the child's wait status.
int interrupt_search(const Workspace& workspace, std::size_t rows, int signal) {
  const std::string database = (workspace.root / "results.db").string();
  const std::string build = (workspace.root / "build").string();
  const pid_t child =
      testing::start_policytune({"search", kTinyBenchmark, "-a", "T{ct}=I32", "--db", database, "--build-dir", build,
                                 "-j", "1", "--batch-size", "1", "--min-samples", "3", "--max-time", "0.02"},
                                {"POLICYTUNE_BUILD_CACHE="});  // compiles to interrupt, none served at once
  std::size_t stored = 0;
  // Up to ten minutes: a loaded machine (a sanitizer build beside CI) needs far more than the usual second.
  for (int i = 0; i < 12000 && stored < rows; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (!fs::exists(database)) continue;
    try {
      stored = workspace.rows().size();
    } catch (const UserError&) {
      // The database is being created in this very moment.
    }
  }
  kill(child, signal);
  int status = 0;
  waitpid(child, &status, 0);
  return status;
}

}  // namespace

TEST_CASE("Ctrl-C stops a search with exit code 130 and keeps what was stored", "[search]") {
  Workspace workspace;
  const int status = interrupt_search(workspace, 4, SIGINT);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  const auto rows = workspace.rows();
  CHECK(rows.size() >= 4);
  CHECK(rows.size() < 14);
  for (const auto& row : rows) CHECK(row.status == Status::ok);  // nothing half-measured stored as failed
}

TEST_CASE("kill -9 in the middle of a search then resume gives the full set without duplicates", "[search]") {
  Workspace workspace;
  const int status = interrupt_search(workspace, 6, SIGKILL);
  REQUIRE(WIFSIGNALED(status));
  const std::size_t before = workspace.rows().size();
  CHECK(before >= 6);
  CHECK(before < 14);

  auto options = workspace.options(kTinyBenchmark);
  options.filters = {parse_axis_filter("T{ct}=I32")};
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  CHECK(progress.reused() >= 2);
  const auto rows = workspace.rows();
  std::set<std::pair<std::string, std::string>> keys;
  for (const auto& row : rows) {
    CHECK(row.status == Status::ok);
    keys.insert({row.variant, row.rt_workload});
  }
  CHECK(rows.size() == 14);  // base and six variants, two sizes each
  CHECK(keys.size() == rows.size());
}

TEST_CASE("variants the constraints exclude are never built nor counted", "[search][constraint]") {
  Workspace workspace;
  auto options = workspace.options(POLICYTUNE_TEST_DATA "/search/bench/constrained/sum.cpp");
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  std::set<std::string> variants;
  for (const auto& row : workspace.rows()) variants.insert(row.variant);
  CHECK(variants == std::set<std::string>{"base", "a_1.b_1", "a_1.b_2", "a_1.b_3", "a_1.b_4", "a_2.b_1", "a_2.b_2"});
  CHECK(progress.measured() == 6);

  // A budget counts allowed variants only: 4 of the 6, whichever the strategy picks.
  Workspace budgeted;
  options = budgeted.options(POLICYTUNE_TEST_DATA "/search/bench/constrained/sum.cpp");
  options.strategy = "random";
  options.budget = 4;
  SearchProgress budgeted_progress(budgeted.quiet, ProgressStyle::lines);
  run_search(options, budgeted_progress);
  CHECK(budgeted_progress.measured() == 4);
  for (const auto& row : budgeted.rows()) CHECK(variants.count(row.variant) == 1);
}

TEST_CASE("progress and the recorded space count the variants the constraints allow", "[search][constraint]") {
  Workspace workspace;
  const auto options = workspace.options(POLICYTUNE_TEST_DATA "/search/bench/constrained/sum.cpp");
  const fs::path log = workspace.root / "progress.log";
  std::FILE* stream = std::fopen(log.c_str(), "w");
  REQUIRE(stream != nullptr);
  SearchProgress progress(stream, ProgressStyle::lines);
  run_search(options, progress);
  std::fclose(stream);
  // 6 of the 16 combinations are allowed: the whole allowed space searched reads 6 / 6.
  const std::string text = read_text_file(log.string());
  INFO(text);
  CHECK(text.find("constrained.sum: searching 6 variants\n") != std::string::npos);
  CHECK(text.find("constrained.sum [6/6]") != std::string::npos);
  CHECK(text.find("/16]") == std::string::npos);
  ResultsDatabase database(options.database, ResultsDatabase::Mode::must_exist);
  const auto spaces = database.search_spaces();
  REQUIRE(spaces.size() == 1);
  CHECK(spaces.front().size == "6");  // what analyze --coverage divides by
}

TEST_CASE("each measurement lane runs its variants on its own device", "[search][lanes]") {
  const auto lanes_of = [](const std::vector<Measurement>& rows) {
    std::map<std::string, std::size_t> runs_by_lane;
    for (const auto& row : rows) {
      if (row.variant != "base") ++runs_by_lane[row.reason];
    }
    return runs_by_lane;
  };
  Workspace workspace;
  auto options = workspace.options(POLICYTUNE_TEST_DATA "/search/bench/lanes/visible.cpp");
  options.lanes = 2;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  const auto lanes = lanes_of(workspace.rows());
  REQUIRE(lanes.size() == 2);
  CHECK(lanes.count("CUDA_VISIBLE_DEVICES=0") == 1);
  CHECK(lanes.count("CUDA_VISIBLE_DEVICES=1") == 1);
  CHECK(lanes.at("CUDA_VISIBLE_DEVICES=0") + lanes.at("CUDA_VISIBLE_DEVICES=1") == 6);

  // A CUDA_VISIBLE_DEVICES of our own (a Slurm allocation, say) is split between the lanes.
  const char* before = std::getenv("CUDA_VISIBLE_DEVICES");
  const std::string saved = before != nullptr ? before : "";
  ::setenv("CUDA_VISIBLE_DEVICES", "4,7", 1);
  Workspace allocated;
  options = allocated.options(POLICYTUNE_TEST_DATA "/search/bench/lanes/visible.cpp");
  options.lanes = 2;
  SearchProgress allocated_progress(allocated.quiet, ProgressStyle::lines);
  run_search(options, allocated_progress);
  if (before != nullptr) {
    ::setenv("CUDA_VISIBLE_DEVICES", saved.c_str(), 1);
  } else {
    ::unsetenv("CUDA_VISIBLE_DEVICES");
  }
  const auto allocated_lanes = lanes_of(allocated.rows());
  CHECK(allocated_lanes.size() == 2);
  CHECK(allocated_lanes.count("CUDA_VISIBLE_DEVICES=4") == 1);
  CHECK(allocated_lanes.count("CUDA_VISIBLE_DEVICES=7") == 1);

  // One lane adds nothing to the environment.
  Workspace single;
  options = single.options(POLICYTUNE_TEST_DATA "/search/bench/lanes/visible.cpp");
  options.budget = 2;
  options.lanes = 1;
  SearchProgress single_progress(single.quiet, ProgressStyle::lines);
  ::unsetenv("CUDA_VISIBLE_DEVICES");
  run_search(options, single_progress);
  if (before != nullptr) ::setenv("CUDA_VISIBLE_DEVICES", saved.c_str(), 1);
  CHECK(lanes_of(single.rows()) == std::map<std::string, std::size_t>{{"CUDA_VISIBLE_DEVICES=unset", 2}});
}

TEST_CASE("more lanes than the benchmark's visible devices are refused, and none runs outside them",
          "[search][lanes]") {
  // A host benchmark sees one device: four lanes would run four variants at once on its cores.
  Workspace host;
  auto options = host.options(kTinyBenchmark);
  options.lanes = 4;
  SearchProgress progress(host.quiet, ProgressStyle::lines);
  CHECK_THROWS_WITH(run_search(options, progress), Catch::Contains("--lanes 4: the benchmark sees 1 device"));

  // CUDA_VISIBLE_DEVICES=5: the job's one GPU. Three lanes would use GPUs 1 and 2, outside it.
  const char* before = std::getenv("CUDA_VISIBLE_DEVICES");
  const std::string saved = before != nullptr ? before : "";
  ::setenv("CUDA_VISIBLE_DEVICES", "5", 1);
  Workspace allocated;
  options = allocated.options(POLICYTUNE_TEST_DATA "/search/bench/lanes/visible.cpp");
  options.lanes = 3;
  SearchProgress allocated_progress(allocated.quiet, ProgressStyle::lines);
  CHECK_THROWS_WITH(run_search(options, allocated_progress), Catch::Contains("--lanes 3: the benchmark sees 1 device"));
  if (before != nullptr) {
    ::setenv("CUDA_VISIBLE_DEVICES", saved.c_str(), 1);
  } else {
    ::unsetenv("CUDA_VISIBLE_DEVICES");
  }
  for (const auto& row : allocated.rows()) CHECK(row.variant == "base");  // no variant ran anywhere
}

TEST_CASE("a time limit (--time-limit) ends a search after the round that passes it", "[search]") {
  Workspace workspace;
  auto options = workspace.options(kTinyBenchmark);
  options.filters = {parse_axis_filter("T{ct}=I32")};
  options.strategy = "exhaustive";
  options.batch_size = 1;
  options.jobs = 1;  // rounds of one variant (one core, one variant per binary)
  options.time_limit = 0.001;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  CHECK(progress.measured() == 1);  // the first round only: the limit had passed when it ended
}

TEST_CASE("a strategy that learns gets rounds of a quarter of its budget, at least one variant per core", "[search]") {
  CHECK(search_round_size(512, 16, 24, true) == 16);             // 16 cores: two rounds, not one random round of 24
  CHECK(search_round_size(512, 16, 200, true) == 50);            // a quarter of the budget
  CHECK(search_round_size(64, 2, 1000, true) == 64);             // never more than full batches on every core
  CHECK(search_round_size(512, 16, std::nullopt, true) == 512);  // no budget: full rounds
  CHECK(search_round_size(512, 16, 24, false) == 512);           // exhaustive and random batch best in full rounds

  // Observed through --time-limit, which ends a search after its first round: adaptive evolution with
  // a budget of 6 on one core proposes 2 variants in that round (the whole budget before).
  Workspace workspace;
  auto options = workspace.options(kTinyBenchmark);
  options.filters = {parse_axis_filter("T{ct}=I32")};
  options.strategy = "adaptive_evolution";
  options.budget = 6;
  options.jobs = 1;
  options.time_limit = 0.001;
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  CHECK(progress.measured() == 2);
}

TEST_CASE("compile-only searches (--compile-only) build the variants, run and store nothing", "[search]") {
  Workspace workspace;
  auto options = workspace.options(POLICYTUNE_TEST_DATA "/faults/bench/faults/batch_isolation.cpp");
  options.compile_only = true;
  options.strategy = "exhaustive";
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  CHECK(progress.measured() == 8);
  CHECK(progress.failed() == 2);
  CHECK_FALSE(fs::exists(workspace.root / "results.db"));
  CHECK(progress.run_seconds() == 0);
}

TEST_CASE("a variant the library's own static_assert refuses is skipped, not a broken build", "[search]") {
  Workspace workspace;
  auto options = workspace.options(POLICYTUNE_TEST_DATA "/library_refusal/bench/refused/sum.cpp");
  options.compile_only = true;
  options.strategy = "exhaustive";
  options.batch_size = 1;  // each variant alone: a batch's failure is split before it is judged
  const LoggedSearch progress = run_logged_search(options, workspace.root / "progress.log");
  CHECK(progress.measured == 4);
  CHECK(progress.failed == 0);
  const std::string said = progress.said;
  CHECK_THAT(said, Catch::Contains("tile_3: skipped: the library rules this combination out: static assertion"));
  CHECK_THAT(said, Catch::Contains("(tile.hpp:7)"));
}

TEST_CASE("a base that does not narrow to the filtered workload is built whole, and the search goes on", "[search]") {
  Workspace workspace;
  auto options = workspace.options(POLICYTUNE_TEST_DATA "/search/bench/whole_base/sum.cpp");
  options.filters = {parse_axis_filter("T{ct}=F32")};
  options.strategy = "exhaustive";
  options.budget = 2;
  options.confirmation.finalists = 0;
  const LoggedSearch progress = run_logged_search(options, workspace.root / "progress.log");
  CHECK_THAT(progress.said, Catch::Contains("base narrowed to the filters lists other workloads"));
  CHECK(progress.measured == 2);
  std::set<std::string> workloads;
  for (const auto& row : workspace.rows()) workloads.insert(row.ct_workload);
  CHECK(workloads == std::set<std::string>{"T{ct}=F32"});
}

TEST_CASE("a whole base built already serves a filtered search: no narrowed base is built", "[search]") {
  Workspace workspace;
  auto options = workspace.options(kTinyBenchmark);
  options.strategy = "exhaustive";
  options.budget = 1;
  options.confirmation.finalists = 0;
  SearchProgress whole(workspace.quiet, ProgressStyle::lines);
  run_search(options, whole);  // base of both types

  options.filters = {parse_axis_filter("T{ct}=I32")};
  options.budget = 2;
  const LoggedSearch filtered = run_logged_search(options, workspace.root / "progress.log");
  CHECK(filtered.measured == 1);  // the variant the first search stored is not measured again
  CHECK_THAT(filtered.said, !Catch::Contains("building base"));
}

TEST_CASE("a benchmark without %RANGE% lines measures base and builds no variant", "[search]") {
  // Its one point of the space would be base's source without TUNE_BASE, stored under base's name.
  Workspace workspace;
  auto options = workspace.options(POLICYTUNE_TEST_DATA "/search/bench/no_space/sum.cpp");
  options.confirmation.finalists = 0;
  const LoggedSearch progress = run_logged_search(options, workspace.root / "progress.log");
  CHECK(progress.measured == 0);
  CHECK_THAT(progress.said, Catch::Contains("no %RANGE% parameters: base is all there is"));
  const auto rows = workspace.rows();
  REQUIRE(!rows.empty());
  for (const auto& row : rows) {
    CHECK(row.variant == "base");
    CHECK(row.status == Status::ok);  // base's own build: the variant path would not compile
  }

  auto compile_only = workspace.options(POLICYTUNE_TEST_DATA "/search/bench/no_space/sum.cpp");
  compile_only.compile_only = true;
  SearchProgress compiled(workspace.quiet, ProgressStyle::lines);
  run_search(compile_only, compiled);
  CHECK(compiled.measured() == 0);
  CHECK(compiled.failed() == 0);
}

TEST_CASE("a compile-only search with the strategy auto samples a space larger than its budget", "[search]") {
  // auto would search a space this size by results, and a compile-only search has none.
  Workspace workspace;
  auto options = workspace.options(POLICYTUNE_TEST_DATA "/faults/bench/faults/batch_isolation.cpp");
  options.compile_only = true;
  options.budget = 3;
  const LoggedSearch progress = run_logged_search(options, workspace.root / "progress.log");
  CHECK(progress.measured == 3);
  CHECK_THAT(progress.said, Catch::Contains(": strategy random"));
}

TEST_CASE("a compiler launcher runs every compile, batches included", "[search][batch]") {
  Workspace workspace;
  const std::string log = (workspace.root / "launched.log").string();
  const std::string launcher =
      workspace.directory.write("launcher.sh", "#!/bin/sh\necho \"$@\" >> '" + log + "'\nexec \"$@\"\n");
  fs::permissions(launcher, fs::perms::owner_exec, fs::perm_options::add);
  auto options = workspace.options(kTinyBenchmark);
  options.filters = {parse_axis_filter("T{ct}=I32")};
  options.compiler.launcher = launcher;
  options.compiler.build_cache.clear();  // every compile runs: none is served instead
  options.confirmation.finalists = 0;    // the search's own compiles; the confirmation builds its finalists again
  SearchProgress progress(workspace.quiet, ProgressStyle::lines);
  run_search(options, progress);
  CHECK(progress.measured() == 6);
  std::ifstream launched(log);
  std::vector<std::string> lines;
  for (std::string line; std::getline(launched, line);) lines.push_back(line);
  REQUIRE(lines.size() == 3);  // base, and two batches of three variants (two cores)
  CHECK_THAT(lines[0], Catch::Contains("-DTUNE_BASE=1"));
  CHECK_THAT(lines[0], Catch::Contains("-DTUNE_T=::std::int32_t"));  // base for the filtered workload only
  CHECK_THAT(lines[1], Catch::Contains("batch-"));
  CHECK_THAT(lines[2], Catch::Contains("batch-"));
}

TEST_CASE("a search ends each workload with an interleaved confirmation of its finalists", "[search][confirmation]") {
  // What the rounds measure is not checked here (the machine is busy): which rows they replace
  // and what they say is. confirmation.test.cpp models the measurements.
  Workspace workspace;
  auto options = workspace.options(kTinyBenchmark);
  options.filters = {parse_axis_filter("T{ct}=I32")};
  options.strategy = "exhaustive";
  options.budget = 3;
  options.confirmation = {3, 2};  // every variant a finalist: which ones lead depends on the machine's load
  const fs::path log = workspace.root / "progress.log";
  std::FILE* stream = std::fopen(log.c_str(), "w");
  SearchProgress progress(stream, ProgressStyle::lines);
  run_search(options, progress);
  std::fclose(stream);
  const std::string said = read_text_file(log.string());
  CHECK_THAT(said, Catch::Contains("[T{ct}=I32]: confirmation: measuring base and "));
  CHECK_THAT(said, Catch::Matches("(.|\n)*=I32\\]: confirmation: ranking (held|changed)(.|\n)*"));
  CHECK(progress.measured() == 3);  // the confirmation's runs are no variants measured

  std::map<std::string, std::int64_t> rounds;
  for (const auto& row : workspace.rows()) {
    rounds[row.variant] = row.confirmed_rounds;
    if (row.confirmed_rounds > 0) CHECK(row.statistics.count >= 2 * 3);  // two rounds of at least three samples
  }
  CHECK(rounds == std::map<std::string, std::int64_t>{{"base", 2}, {"unroll_1", 2}, {"unroll_2", 2}, {"unroll_3", 2}});

  // Resumed with everything stored and confirmed: no confirmation again.
  const fs::path again = workspace.root / "again.log";
  stream = std::fopen(again.c_str(), "w");
  SearchProgress resumed(stream, ProgressStyle::lines);
  run_search(options, resumed);
  std::fclose(stream);
  CHECK_THAT(read_text_file(again.string()), !Catch::Contains("confirmation"));
}
