#include "report/report_page.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "store/results_database.hpp"
#include "support/text_search.hpp"

using namespace policytune;

TEST_CASE("report page of the recorded radix sort: self-contained, four charts per workload, the hub's links",
          "[report]") {
  const std::string path = POLICYTUNE_TEST_DATA "/databases/radix_sort.host_keys.db";
  ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
  const std::string page =
      render_report_page(build_report(database.measurements(), database.search_spaces(), "radix.db"));
  CHECK(page.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0) == 0);
  CHECK(page.find("</html>\n") == page.size() - 8);
  CHECK(testing::occurrences(page, "<svg ") == 8);
  CHECK(testing::occurrences(page, "</svg>") == 8);
  CHECK(page.find("http") == std::string::npos);  // nothing from elsewhere
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("<style>") != std::string::npos);
  CHECK(page.find("radix.db: 160 rows, 2 compile-time workloads") != std::string::npos);
  CHECK(testing::occurrences(page, "Dispatch kept:") == 2);
  CHECK(page.find("coverage (measured / space)</th><td>9 / 9 (100%)") != std::string::npos);
  CHECK(page.find("<td>host</td><td>measured on ") != std::string::npos);
  CHECK(page.find("with <code>--dispatch Elements{io}</code>: 2^8..2^10 ") != std::string::npos);
}

TEST_CASE("report page: hostile names are text, never markup", "[report]") {
  Report report{"<evil>.db", 1, {}, {}};
  WorkloadReport w;
  w.title = "bench</h2><script>alert(1)</script>";
  w.context = "Device \"<b>\"";
  w.scored.problem = "base failed: <img src=x>";
  w.convergence = {{0, 1}};
  report.workloads.push_back(w);
  report.hubs.push_back({"bench<script>", "hash", {}, {}, "no search space recorded"});
  const std::string page = render_report_page(report);
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("<img") == std::string::npos);
  CHECK(page.find("<b>") == std::string::npos);
  CHECK(page.find("bench&lt;/h2&gt;&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
}

TEST_CASE("report page: an empty database says so", "[report]") {
  const std::string page = render_report_page(Report{"empty.db", 0, {}, {}});
  CHECK(page.find("<p>No measurements.</p>") != std::string::npos);
  CHECK(page.find("<svg") == std::string::npos);
}
