#include "report/analysis_tables.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/user_error.hpp"
#include "support/analysis_rows.hpp"

using namespace policytune;
using testing::analysis_row;
using testing::two_sources;

TEST_CASE("analyze names each block's source and when it was last measured, and which source is current", "[analyze]") {
  const auto rows = two_sources();
  const auto groups = group_by_workload(rows);
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].newest_measurement() == "2025-01-01T00:00:02Z");

  SECTION("given the benchmark file, its hash decides") {
    const auto sources = source_status(rows, {{"tiny.sum", "1111111111111111"}});
    CHECK(sources.describe(groups[0]) == "source 1111111111111111, last measured 2025-01-01T00:00:02Z (current)");
    CHECK(sources.describe(groups[1]) ==
          "source 2222222222222222, last measured 2025-02-01T00:00:02Z (OLD: the source file is now 1111111111111111)");
  }
  SECTION("from the database alone, the newest source is marked") {
    const auto sources = source_status(rows, {});
    CHECK(sources.describe(groups[0]) ==
          "source 1111111111111111, last measured 2025-01-01T00:00:02Z (older than 2222222222222222)");
    CHECK(sources.describe(groups[1]) == "source 2222222222222222, last measured 2025-02-01T00:00:02Z (newest)");
  }
  SECTION("the top blocks carry the line") {
    const std::string top = format_top(groups, 1, source_status(rows, {}));
    INFO(top);
    CHECK(top.find("tiny.sum[T{ct}=I32] on Host CPU (2 threads), GCC 12.2.0:\n"
                   "  source 1111111111111111, last measured 2025-01-01T00:00:02Z (older than 2222222222222222)\n"
                   "   variant") != std::string::npos);
    CHECK(top.find("  source 2222222222222222, last measured 2025-02-01T00:00:02Z (newest)\n") != std::string::npos);
  }
}

TEST_CASE("coverage divides by the recorded space and names the source", "[analyze][coverage]") {
  const auto rows = two_sources();
  const auto groups = group_by_workload(rows);
  const std::string coverage = format_coverage(
      {groups[1]}, {SearchSpaceRecord{"tiny.sum", "2222222222222222", "tiny", "4", ""}}, source_status(rows, {}));
  CHECK(coverage.find(
            "coverage: 2 / 4 (50.0000%); source 2222222222222222, last measured 2025-02-01T00:00:02Z (newest)\n") !=
        std::string::npos);
}

TEST_CASE("analyze --failures lists each failed variant with status and reason", "[analyze][failures]") {
  std::vector<Measurement> rows{
      analysis_row("2222222222222222", "base", "N=1000", 2.0, "2025-02-01T00:00:00Z"),
      analysis_row("2222222222222222", "base", "N=4000", 8.0, "2025-02-01T00:00:00Z"),
      analysis_row("2222222222222222", "unroll_2", "", 0, "2025-02-01T00:00:01Z", Status::build_failed,
                   "sum.cpp:12: error: 'x' was not declared"),
      analysis_row("2222222222222222", "unroll_3", "N=1000", 1.0, "2025-02-01T00:00:02Z"),
      analysis_row("2222222222222222", "unroll_3", "N=4000", 0, "2025-02-01T00:00:02Z", Status::wrong_result,
                   "element 7: 3 != 4"),
      analysis_row("2222222222222222", "unroll_4", "N=1000", 0, "2025-02-01T00:00:03Z", Status::skipped,
                   "too many threads"),
  };
  const auto groups = group_by_workload(rows);
  const std::string failures = format_failures(groups, source_status(rows, {}));
  CHECK(failures ==
        "tiny.sum[T{ct}=I32] on Host CPU (2 threads), GCC 12.2.0:\n"
        "  source 2222222222222222, last measured 2025-02-01T00:00:03Z (newest)\n"
        "  2 failed variants (1 skipped: the device cannot launch them)\n"
        "    unroll_2  build_failed  sum.cpp:12: error: 'x' was not declared\n"
        "    unroll_3  wrong_result  element 7: 3 != 4 (at N=4000)\n");
  CHECK(format_failures(group_by_workload(two_sources()), {}).empty());
}

TEST_CASE("analyze --failures prints a stored reason on one line, its escape sequences escaped",
          "[analyze][failures]") {
  // A database another tool wrote (or an older PolicyTune) may hold a raw reason.
  std::vector<Measurement> rows{
      analysis_row("2222222222222222", "base", "N=1000", 2.0, "2025-02-01T00:00:00Z"),
      analysis_row("2222222222222222", "unroll_2", "", 0, "2025-02-01T00:00:01Z", Status::run_failed,
                   "bad\x1b[2J\nsearched: 9 variants measured"),
  };
  const auto groups = group_by_workload(rows);
  const std::string failures = format_failures(groups, source_status(rows, {}));
  CHECK(failures.find('\x1b') == std::string::npos);
  CHECK(failures.find("\nsearched:") == std::string::npos);
  CHECK(failures.find("    unroll_2  run_failed  bad\\x1b[2J\\nsearched: 9 variants measured\n") != std::string::npos);
}

TEST_CASE("analyze --top names the variants a confirmation round measured again", "[analyze][confirmation]") {
  std::vector<Measurement> rows{
      analysis_row("1111111111111111", "base", "N=1000", 2.0, "2025-01-01T00:00:00Z"),
      analysis_row("1111111111111111", "unroll_2", "N=1000", 1.0, "2025-01-01T00:00:01Z"),
      analysis_row("1111111111111111", "unroll_3", "N=1000", 1.5, "2025-01-01T00:00:02Z"),
  };
  CHECK_THAT(format_top(group_by_workload(rows), 3), !Catch::Contains("confirmation"));
  rows[0].confirmed_rounds = 3;
  rows[2].confirmed_rounds = 3;
  CHECK_THAT(
      format_top(group_by_workload(rows), 3),
      Catch::Contains(
          "  (measured again side by side by a confirmation round: base, unroll_3; only these may win; every score is "
          "against base as that round measured it, where the search's progress lines used base measured "
          "before the search)\n"));
}
