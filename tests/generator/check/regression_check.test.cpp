// `policytune check` on host benchmarks whose variants' speeds are known (support/check_workspace.hpp):
// a shipped policy against base, regressions, drift, a database that is not there.
#include "check/regression_check.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "check/check_report_formats.hpp"
#include "core/user_error.hpp"
#include "support/check_workspace.hpp"

using namespace policytune;
using namespace policytune::testing;
namespace fs = std::filesystem;

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

  SECTION("with --prefer, the policies another card of this architecture ships are checked here") {
    // The searched rows again as another card's (the device is part of a row's key, so this card's
    // rows stay), on which work_4 measured ten times faster than base.
    workspace.doctored("two_cards.db", [](Measurement& row) {
      row.device.name = "another card";
      if (row.variant == "work_4") scale(row, 0.05);
    });
    auto options = workspace.options("two_cards.db");
    options.max_drift = 10;  // this machine's noise is not under test here
    options.preferred_devices = {"a card never measured"};
    const auto own = workspace.check(options);
    REQUIRE(own.rows.size() == 1);
    CHECK(own.rows[0].variant == "work_1");
    CHECK(own.rows[0].verdict == CheckRow::Verdict::ok);

    options.preferred_devices = {"a card never measured", "another card"};
    const auto shipped = workspace.check(options);
    REQUIRE(shipped.rows.size() == 1);
    CHECK(shipped.rows[0].variant == "work_4");
    CHECK(shipped.rows[0].verdict == CheckRow::Verdict::regression);
    CHECK_THAT(shipped.benchmarks.at(0).note, Catch::Contains("measured on another card"));
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
