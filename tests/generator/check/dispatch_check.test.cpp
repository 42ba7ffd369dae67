// `policytune check --dispatch` on sized_work (support/check_workspace.hpp): each range's policy at
// its boundaries, against base and the one policy it replaced, on real builds and runs.
#include "check/dispatch_check.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "check/check_report_formats.hpp"
#include "check/regression_check.hpp"
#include "support/check_workspace.hpp"

using namespace policytune;
using namespace policytune::testing;

TEST_CASE(
    "check --dispatch: each range's policy at its boundaries, against base and against the one policy it replaced",
    "[check][dispatch]") {
  CheckWorkspace workspace;
  const std::string searched = workspace.searched_sized_database();
  // What `generate --dispatch Elements{io}` renders from sized_work's database: target_3 alone, or
  // target_1 for 2^10..2^12 and target_3 for 2^14..2^18.
  const DispatchOptions dispatch{"Elements{io}", 3, 0.02, {}};

  SECTION("the searched dispatch passes; each range is measured at its first and last size only") {
    auto options = workspace.options("sized.db", kSizedWork);
    options.dispatch = dispatch;
    options.max_drift = 10;  // this machine's noise is not under test here
    const auto report = workspace.check(options);
    INFO(format_check_report(report));
    REQUIRE(report.rows.size() == 4);
    std::vector<int> sizes;
    for (const auto& row : report.rows) sizes.push_back(exponent_of(row.rt_workload));
    CHECK(sizes == std::vector<int>{10, 12, 14, 18});  // 2^16 lies inside a range
    const auto small = rows_of(report, "2^10..2^12");
    REQUIRE(small.size() == 2);
    for (const auto& row : small) {
      CHECK(row.variant == "target_1");
      CHECK(row.single_variant == "target_3");
      CHECK(row.speedup > 1.3);
      REQUIRE(row.gain.has_value());
      CHECK(*row.gain > 1.5);  // target_3 does three passes there, target_1 one
      REQUIRE(row.predicted_gain.has_value());
      CHECK(*row.predicted_gain > 1.5);
      CHECK(row.verdict == CheckRow::Verdict::ok);
    }
    const auto large = rows_of(report, "2^14..2^18");
    REQUIRE(large.size() == 2);
    for (const auto& row : large) {
      CHECK(row.variant == "target_3");
      CHECK(row.speedup > 1.3);
      CHECK_FALSE(row.gain.has_value());  // the single policy itself: nothing to gain
      CHECK(row.verdict == CheckRow::Verdict::ok);
    }
    CHECK(report.passed());
    CHECK(report.benchmarks.at(0).note.find("0 tuned policies and 1 dispatch checked") == 0);
    const std::string table = format_check_report(report);
    CHECK_THAT(table, Catch::Contains("range") && Catch::Contains("single time") && Catch::Contains("predicted"));
  }

  SECTION("a dispatch that serves a range with a policy slower there than the one policy loses its gain") {
    // As if base had been best up to 2^12 and target_1 the best single policy (target_1 0.95x base
    // small, 1.8x large; target_3 0.3x small, 2x large): the database would ship base for 2^10..2^12,
    // where target_1, the policy it replaced, is in fact twice as fast.
    std::map<std::string, double> base_median;
    {
      ResultsDatabase database(searched, ResultsDatabase::Mode::must_exist);
      for (const auto& row : database.measurements()) {
        if (row.variant == "base") base_median[row.rt_workload] = row.statistics.median;
      }
    }
    workspace.doctored(
        "claimed.db",
        [&](Measurement& row) {
          if (row.variant == "base" || row.status != Status::ok) return;
          const bool small = exponent_of(row.rt_workload) <= 12;
          const double speedup = row.variant == "target_1"   ? (small ? 0.95 : 1.8)
                                 : row.variant == "target_3" ? (small ? 0.3 : 2.0)
                                                             : 0.9;
          scale(row, base_median.at(row.rt_workload) / speedup / row.statistics.median);
        },
        searched);
    auto options = workspace.options("claimed.db", kSizedWork);
    options.dispatch = dispatch;
    options.max_drift = 10;  // the claimed gains are far from this machine's; drift is not under test here
    const auto report = workspace.check(options);
    INFO(format_check_report(report));
    REQUIRE(report.rows.size() == 4);
    const auto small = rows_of(report, "2^10..2^12");
    REQUIRE(small.size() == 2);
    for (const auto& row : small) {
      CHECK(row.variant == "base");
      CHECK(row.single_variant == "target_1");
      CHECK(row.speedup == 1.0);  // base ships: the same measurement
      REQUIRE(row.gain.has_value());
      CHECK(*row.gain < 0.8);  // target_1 does one pass there, base two
      REQUIRE(row.predicted_gain.has_value());
      CHECK(*row.predicted_gain > 1.0);
      CHECK(row.verdict == CheckRow::Verdict::gain_lost);
    }
    const auto large = rows_of(report, "2^14..2^18");
    REQUIRE(large.size() == 2);
    for (const auto& row : large) {
      CHECK(row.variant == "target_3");
      REQUIRE(row.gain.has_value());
      CHECK(*row.gain > 1.5);
      CHECK(row.verdict == CheckRow::Verdict::ok);
    }
    CHECK_FALSE(report.passed());
    CHECK_THAT(format_check_report(report), Catch::Contains("GAIN LOST (gain below"));
  }

  SECTION("a gain far from the one the database predicted is drift") {
    // As if target_3 had been only 1.2x as slow as target_1 up to 2^12, not about 3x: still slower
    // there, so the same dispatch, but target_1's predicted gain over target_3 there is 1.2.
    std::map<std::string, double> target_1_median;
    {
      ResultsDatabase database(searched, ResultsDatabase::Mode::must_exist);
      for (const auto& row : database.measurements()) {
        if (row.variant == "target_1") target_1_median[row.rt_workload] = row.statistics.median;
      }
    }
    workspace.doctored(
        "predicted.db",
        [&](Measurement& row) {
          if (row.variant != "target_3" || row.status != Status::ok || exponent_of(row.rt_workload) > 12) return;
          scale(row, 1.2 * target_1_median.at(row.rt_workload) / row.statistics.median);
        },
        searched);
    auto options = workspace.options("predicted.db", kSizedWork);
    options.dispatch = dispatch;
    options.max_drift = 0.6;
    const auto report = workspace.check(options);
    INFO(format_check_report(report));
    const auto small = rows_of(report, "2^10..2^12");
    REQUIRE(small.size() == 2);
    for (const auto& row : small) {
      CHECK(row.variant == "target_1");
      REQUIRE(row.gain.has_value());
      REQUIRE(row.predicted_gain.has_value());
      CHECK(*row.predicted_gain == Approx(1.2));
      CHECK(*row.gain / *row.predicted_gain - 1 > 0.6);  // target_3 does three passes there, target_1 one
      CHECK(row.verdict == CheckRow::Verdict::drift);
    }
    CHECK_FALSE(report.passed());
  }

  SECTION("without dispatch options the same database ships one policy, which is slower than base on small sizes") {
    auto options = workspace.options("sized.db", kSizedWork);
    options.max_drift = 10;
    const auto report = workspace.check(options);
    INFO(format_check_report(report));
    REQUIRE(report.rows.size() == 5);
    for (const auto& row : report.rows) {
      CHECK(row.variant == "target_3");
      CHECK(row.range.empty());
      CHECK_FALSE(row.gain.has_value());
      const bool small = exponent_of(row.rt_workload) <= 12;
      CHECK(row.verdict == (small ? CheckRow::Verdict::regression : CheckRow::Verdict::ok));
    }
    CHECK(report.benchmarks.at(0).note.find("1 tuned policy checked") == 0);
    CHECK_THAT(format_check_report(report), !Catch::Contains("predicted"));
  }
}
