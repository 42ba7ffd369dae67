// The confirmation's finalists run through a real session on a small host benchmark: built again,
// run as base and variants, their time counted apart from the search's, their binaries removed.
#include "search/session_finalists.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>

#include "support/host_session.hpp"

using namespace policytune;

namespace {

const std::string kFinalistsBenchmark = POLICYTUNE_TEST_DATA "/search/bench/tiny/sum.cpp";

struct FinalistsSession : testing::HostSession<SearchProgress> {
  FinalistsSession() : HostSession("finalists") {}
};

std::size_t executables_in(const std::string& folder) {
  std::size_t count = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    const auto permissions = entry.status().permissions();
    count +=
        entry.is_regular_file() && (permissions & std::filesystem::perms::owner_exec) != std::filesystem::perms::none;
  }
  return count;
}

}  // namespace

TEST_CASE("finalists are built again, run as base and as variants, and counted as the confirmation's",
          "[session_finalists]") {
  FinalistsSession s;
  BenchmarkSession session(s.options, s.progress, read_benchmark_source(kFinalistsBenchmark));
  session.prepare();
  const auto workload = session.selected_workloads().at(0);
  const double search_build = s.progress.build_seconds();
  const double search_run = s.progress.run_seconds();
  const auto binaries_before = executables_in(s.options.build_directory);
  {
    SessionFinalists finalists(session, s.progress, workload, "tiny.sum", {});
    std::string why;
    REQUIRE(finalists.prepare({"unroll_2", "unroll_4"}, why));
    CHECK(why.empty());
    CHECK_FALSE(finalists.base_answer_changed());
    for (const std::string variant : {"base", "unroll_2", "unroll_4"}) {
      INFO(variant);
      const auto rows = finalists.run(variant);
      REQUIRE(rows.size() == 2);  // both runtime sizes
      for (const auto& row : rows) {
        CHECK(row.status == Status::ok);
        CHECK(row.variant == variant);
      }
    }
    CHECK((s.progress.confirmation_build_seconds() > 0 || s.progress.cached_builds() > 0));
    CHECK(s.progress.confirmation_run_seconds() > 0);
    CHECK(s.progress.build_seconds() == search_build);  // none of it is the search's
    CHECK(s.progress.run_seconds() == search_run);
    CHECK(executables_in(s.options.build_directory) > binaries_before);
  }
  CHECK(executables_in(s.options.build_directory) == binaries_before);  // the finalists' binaries removed
}

TEST_CASE("a finalist that is no variant of the space is refused before anything builds", "[session_finalists]") {
  FinalistsSession s;
  BenchmarkSession session(s.options, s.progress, read_benchmark_source(kFinalistsBenchmark));
  session.prepare();
  SessionFinalists finalists(session, s.progress, session.selected_workloads().at(0), "tiny.sum", {});
  std::string why;
  CHECK_FALSE(finalists.prepare({"unroll_9"}, why));
  CHECK(why == "unroll_9 is no variant of this search space");
}
