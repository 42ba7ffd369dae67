// What a check found: when it passed, when every benchmark was skipped, a verdict's name.
#include "check/check_report.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("a check passes when every row is ok, and is skipped only when every benchmark was", "[check_report]") {
  CheckReport report;
  CHECK(report.passed());
  CHECK_FALSE(report.all_skipped());  // nothing checked is not "skipped"
  report.benchmarks = {{"a", "", "skipped: no CUDA device", true}, {"b", "", "skipped: no CUDA device", true}};
  CHECK(report.all_skipped());
  report.benchmarks.push_back({"c", "Host CPU", "1 tuned policy checked", false});
  CHECK_FALSE(report.all_skipped());
  report.rows.resize(2);
  CHECK(report.passed());
  report.rows[1].verdict = CheckRow::Verdict::drift;
  CHECK_FALSE(report.passed());
}

TEST_CASE("every verdict has its name", "[check_report]") {
  CHECK(to_string(CheckRow::Verdict::ok) == "ok");
  CHECK(to_string(CheckRow::Verdict::regression) == "REGRESSION");
  CHECK(to_string(CheckRow::Verdict::gain_lost) == "GAIN LOST");
  CHECK(to_string(CheckRow::Verdict::drift) == "DRIFT");
  CHECK(to_string(CheckRow::Verdict::failed) == "FAILED");
}
