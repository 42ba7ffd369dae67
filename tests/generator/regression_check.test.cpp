// `policytune check` on a host benchmark whose variants' speeds are known (work_k does k units,
// base 2): real builds, real runs, databases doctored to say what a bad tuning would have said.
#include "regression_check.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>

#include "compiler.hpp"
#include "results_database.hpp"
#include "search.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
namespace fs = std::filesystem;

namespace {

const std::string kWork = POLICYTUNE_TEST_DATA "/check/bench/check/work.cpp";

struct CheckWorkspace {
  testing::TemporaryDirectory directory{"check"};
  std::FILE* quiet = std::fopen("/dev/null", "w");

  ~CheckWorkspace() { std::fclose(quiet); }

  CheckOptions options(const std::string& database) const {
    CheckOptions options;
    options.measuring.sources = {kWork};
    options.measuring.database = (directory.path() / database).string();
    options.measuring.build_directory = (directory.path() / "build").string();
    options.measuring.compiler.include_directories = {default_harness_directory()};
    options.measuring.jobs = 2;
    options.measuring.sampling = {10, 0.02, 0.1};
    return options;
  }

  // Searches every variant once; the winner is work_1, about twice as fast as base.
  std::string searched_database() {
    const std::string path = (directory.path() / "searched.db").string();
    if (!fs::exists(path)) {
      SearchProgress progress(quiet, false);
      run_search(options("searched.db").measuring, progress);
    }
    return path;
  }

  // A copy of the searched database with `change` applied to every stored row.
  template <class Change>
  std::string doctored(const std::string& name, Change change) {
    const std::string path = (directory.path() / name).string();
    fs::copy_file(searched_database(), path, fs::copy_options::overwrite_existing);
    ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
    auto rows = database.measurements();
    for (auto& row : rows) change(row);
    database.record(rows);
    return path;
  }

  CheckReport check(const CheckOptions& options) {
    SearchProgress progress(quiet, false);
    return run_check(options, progress);
  }
};

void scale(Measurement& row, double factor) {
  row.statistics.median *= factor;
  row.statistics.mean *= factor;
  row.statistics.min *= factor;
  row.statistics.max *= factor;
  row.statistics.stddev *= factor;
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
    const auto report = workspace.check(workspace.options("missing.db"));
    CHECK(report.rows.empty());
    CHECK(report.passed());
    CHECK_FALSE(report.all_skipped());
    CHECK(report.benchmarks.at(0).note.find("nothing tuned for") == 0);
  }
}
