// `policytune check` on host benchmarks whose variants' speeds are known (work_k does k units,
// base 2; sized_work's target_k does 1 + |k - best(N)| passes, base 2): real builds, real runs and
// verification, databases doctored to say what a bad tuning would have said. The benchmarks report
// their modelled time (timer.report_seconds), so no verdict depends on this machine's load.
#include "check/regression_check.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/user_error.hpp"
#include "run/compiler.hpp"
#include "run/stream_run_log.hpp"
#include "search/search.hpp"
#include "search/search_progress.hpp"
#include "store/results_database.hpp"
#include "support/shared_build_cache.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
namespace fs = std::filesystem;

namespace {

const std::string kWork = POLICYTUNE_TEST_DATA "/check/bench/check/work.cpp";
const std::string kSizedWork = POLICYTUNE_TEST_DATA "/check/bench/check/sized_work.cpp";

struct CheckWorkspace {
  testing::TemporaryDirectory directory{"check"};
  std::FILE* quiet = std::fopen("/dev/null", "w");

  ~CheckWorkspace() { std::fclose(quiet); }

  CheckOptions options(const std::string& database, const std::string& source = kWork) const {
    CheckOptions options;
    options.sources = {source};
    options.database = (directory.path() / database).string();
    options.measuring.build_directory = (directory.path() / "build").string();
    options.measuring.compiler.include_directories = {default_harness_directory()};
    options.measuring.compiler.build_cache = testing::shared_build_cache();
    options.measuring.jobs = 2;
    options.measuring.sampling = {10, 0.02, 0.1};
    return options;
  }

  // Every variant searched once; the winner is work_1, about twice as fast as base.
  std::string searched_database() { return copy_of_search("searched.db", kWork); }

  // sized_work's every variant searched once: target_1 wins up to 2^12 elements, target_3 above.
  std::string searched_sized_database() { return copy_of_search("sized.db", kSizedWork); }

  // This workspace's copy of a search run once per process: Catch runs a test case again from the
  // top for each of its sections, and each search compiles, verifies and measures every variant.
  std::string copy_of_search(const std::string& database, const std::string& source) {
    const std::string path = (directory.path() / database).string();
    if (!fs::exists(path)) fs::copy_file(searched_once(database, source), path);
    return path;
  }

  static std::string searched_once(const std::string& database, const std::string& source) {
    static CheckWorkspace searches;
    const std::string path = (searches.directory.path() / database).string();
    if (!fs::exists(path)) {
      const CheckOptions checking = searches.options(database, source);
      SearchOptions search;
      static_cast<RunOptions&>(search) = checking.measuring;
      search.sources = checking.sources;
      search.database = checking.database;
      // The doctored databases below make a variant win by its stored medians alone, as a database
      // without confirmed rows does; a confirmation round would keep such a variant from winning.
      search.confirmation.finalists = 0;
      SearchProgress progress(searches.quiet, ProgressStyle::lines);
      run_search(search, progress);
    }
    return path;
  }

  // A copy of the searched database (or of `from`) with `change` applied to every stored row.
  template <class Change>
  std::string doctored(const std::string& name, Change change, const std::string& from = {}) {
    const std::string path = (directory.path() / name).string();
    fs::copy_file(from.empty() ? searched_database() : from, path, fs::copy_options::overwrite_existing);
    ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
    auto rows = database.measurements();
    for (auto& row : rows) change(row);
    database.record(rows);
    return path;
  }

  CheckReport check(const CheckOptions& options) {
    StreamRunLog log(quiet, ProgressStyle::lines);
    return run_check(options, log);
  }
};

void scale(Measurement& row, double factor) {
  row.statistics.median *= factor;
  row.statistics.mean *= factor;
  row.statistics.min *= factor;
  row.statistics.max *= factor;
  row.statistics.stddev *= factor;
}

// The power-of-two exponent of a sized_work runtime workload: `Elements{io}[pow2]=12` -> 12.
int exponent_of(const std::string& rt_workload) { return std::stoi(rt_workload.substr(rt_workload.find('=') + 1)); }

// The rows of `report` at the boundaries of `range`.
std::vector<CheckRow> rows_of(const CheckReport& report, const std::string& range) {
  std::vector<CheckRow> rows;
  for (const auto& row : report.rows) {
    if (row.range == range) rows.push_back(row);
  }
  return rows;
}

}  // namespace

TEST_CASE("check: a shipped policy faster than base passes; one slower than base is a regression; drift fails",
          "[check]") {
  CheckWorkspace workspace;
  workspace.searched_database();

  SECTION("the searched winner passes") {
    auto options = workspace.options("searched.db");
    options.max_drift = 10;  // this machine's noise is not under test here
    const auto report = workspace.check(options);
    REQUIRE(report.rows.size() == 1);
    CHECK(report.rows[0].variant == "work_1");
    CHECK(report.rows[0].speedup > 1.3);
    CHECK(report.rows[0].stored_speedup.has_value());
    CHECK(report.passed());
    CHECK(report.benchmarks.at(0).note.find("1 tuned policy checked") == 0);
  }

  SECTION("a database that ships the slowest variant shows a regression") {
    // As if work_4 had measured ten times faster than base when the database was written.
    workspace.doctored("slow.db", [](Measurement& row) {
      if (row.variant == "work_4") scale(row, 0.05);
    });
    auto options = workspace.options("slow.db");
    const auto report = workspace.check(options);
    REQUIRE(report.rows.size() == 1);
    CHECK(report.rows[0].variant == "work_4");
    CHECK(report.rows[0].verdict == CheckRow::Verdict::regression);
    CHECK(report.rows[0].speedup < 0.8);
    CHECK_FALSE(report.passed());
    const std::string table = format_check_report(report);
    CHECK_THAT(table, Catch::Contains("REGRESSION (slower than base by more than"));
    CHECK_THAT(table, Catch::Contains("work_4"));
  }

  SECTION("medians far from the stored ones are drift, even when the speedup holds") {
    workspace.doctored("drift.db", [](Measurement& row) {
      if (row.variant == "base" || row.variant == "work_1") scale(row, 3.0);
    });
    const auto report = workspace.check(workspace.options("drift.db"));
    REQUIRE(report.rows.size() == 1);
    CHECK(report.rows[0].verdict == CheckRow::Verdict::drift);
    CHECK(*report.rows[0].drift > 0.5);
    CHECK_FALSE(report.passed());
  }

  SECTION("without tunings for this device there is nothing to check") {
    const auto options = workspace.options("empty.db");
    ResultsDatabase(options.database, ResultsDatabase::Mode::create_if_missing);
    const auto report = workspace.check(options);
    CHECK(report.rows.empty());
    CHECK(report.passed());
    CHECK_FALSE(report.all_skipped());
    CHECK(report.benchmarks.at(0).note.find("nothing tuned for") == 0);
  }

  SECTION("a database that is not there is refused, not read as one that ships nothing") {
    const auto options = workspace.options("typo.db");
    CHECK_THROWS_MATCHES(workspace.check(options), UserError, Catch::Message(options.database + ": no such database"));
    CHECK_FALSE(fs::exists(options.database));
  }
}

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
