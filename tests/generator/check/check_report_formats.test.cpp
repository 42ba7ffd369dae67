// `check --junit` and `check --markdown` from reports made here: what each verdict becomes. The
// CLI test cli.check.junit validates a real check's document against the JUnit schema.
#include "check/check_report_formats.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "support/text_search.hpp"

using namespace policytune;

namespace {

CheckRow check_row(const std::string& rt_workload, CheckRow::Verdict verdict, double speedup) {
  CheckRow r;
  r.benchmark = "check.work";
  r.ct_workload = "T{ct}=I32";
  r.rt_workload = rt_workload;
  r.variant = "work_1";
  r.base_seconds = 200e-6;
  r.shipped_seconds = 200e-6 / speedup;
  r.speedup = speedup;
  r.stored_speedup = 2.0;
  r.drift = 0.01;
  r.allowed_slowdown = 0.02;
  r.verdict = verdict;
  return r;
}

CheckReport mixed_report() {
  CheckReport report;
  report.benchmarks = {{"check.work", "Host CPU", "1 tuned policy checked", false},
                       {"reduce.sum", "", "skipped: no CUDA device", true}};
  report.rows = {check_row("N=1", CheckRow::Verdict::ok, 2.0), check_row("N=2", CheckRow::Verdict::regression, 0.5),
                 check_row("N=3|4", CheckRow::Verdict::drift, 1.9)};
  CheckRow failed = check_row("N=5", CheckRow::Verdict::failed, 1);
  failed.reason = "run_failed: <signal 11> & \"core\"\x01";
  report.rows.push_back(failed);
  return report;
}

}  // namespace

TEST_CASE("check --junit: a test case per row, failures carry the verdict, errors the reason, skips a case",
          "[check_formats]") {
  const std::string xml = format_check_junit(mixed_report(), {"ci-host", "2026-11-23T01:02:03"});
  CHECK(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n", 0) == 0);
  CHECK(testing::occurrences(xml, "<testsuite ") == 2);
  CHECK(
      xml.find("name=\"check.work\" timestamp=\"2026-11-23T01:02:03\" hostname=\"ci-host\" tests=\"4\" failures=\"2\" "
               "errors=\"1\" skipped=\"0\"") != std::string::npos);
  CHECK(
      xml.find("name=\"reduce.sum\" timestamp=\"2026-11-23T01:02:03\" hostname=\"ci-host\" tests=\"1\" failures=\"0\" "
               "errors=\"0\" skipped=\"1\"") != std::string::npos);
  CHECK(testing::occurrences(xml, "<testcase ") == 5);
  CHECK(xml.find("<testcase name=\"T{ct}=I32 / N=1\" classname=\"check.work\" time=\"0\"/>") != std::string::npos);
  CHECK(xml.find("<failure type=\"REGRESSION\" message=\"REGRESSION (slower than base by more than 2.0%)\">") !=
        std::string::npos);
  CHECK(xml.find("<failure type=\"DRIFT\"") != std::string::npos);
  // The reason arrives escaped, without the control character XML 1.0 forbids.
  CHECK(xml.find("<error type=\"FAILED\" message=\"run_failed: &lt;signal 11&gt; &amp; &quot;core&quot;\"/>") !=
        std::string::npos);
  CHECK(xml.find("<skipped/>") != std::string::npos);
  CHECK(xml.find('\x01') == std::string::npos);
}

TEST_CASE("check --junit: no rows and no benchmarks is still a document", "[check_formats]") {
  CHECK(format_check_junit({}, {}) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n</testsuites>\n");
}

TEST_CASE("check --markdown: one table row per row, cells cannot break the table", "[check_formats]") {
  const std::string markdown = format_check_markdown(mixed_report());
  CHECK(markdown.rfind("| benchmark | compile-time workload | runtime workload | range |", 0) == 0);
  CHECK(testing::occurrences(markdown, "\n| check.work |") == 4);
  CHECK(markdown.find("| N=3\\|4 |") != std::string::npos);
  CHECK(markdown.find("**REGRESSION (slower than base by more than 2.0%)**") != std::string::npos);
  CHECK(markdown.find("| 0.500 |") != std::string::npos);
  CHECK(markdown.find("- `reduce.sum`: skipped: no CUDA device\n") != std::string::npos);
  CHECK(format_check_markdown({}).empty());
}

TEST_CASE("the plain table: a row per runtime workload, verdicts said with their thresholds, notes last",
          "[check_report_formats]") {
  const std::string table = format_check_report(mixed_report());
  CHECK_THAT(table, Catch::StartsWith("benchmark  "));
  CHECK_THAT(table, Catch::Contains("N=2"));
  CHECK_THAT(table, Catch::Contains("REGRESSION (slower than base by more than 2.0%)"));
  CHECK_THAT(table, Catch::Contains("100.000 us"));  // base 200 us over a speedup of 2
  CHECK_THAT(table, !Catch::Contains("\x01"));       // a benchmark's words, one printable line
  CHECK_THAT(table, !Catch::Contains("predicted"));  // no dispatch, no dispatch columns
  CHECK_THAT(table, Catch::EndsWith("check.work: 1 tuned policy checked\nreduce.sum: skipped: no CUDA device\n"));
}

TEST_CASE("times read in the unit that fits", "[check_report_formats]") {
  CHECK(human_time(1.2) == "1.200 s");
  CHECK(human_time(1.25e-3) == "1.250 ms");
  CHECK(human_time(87e-6) == "87.000 us");
}
