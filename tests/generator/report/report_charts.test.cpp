// The four charts of one compile-time workload, drawn from the recorded radix-sort search.
#include "report/report_charts.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "report/report_model.hpp"
#include "store/results_database.hpp"
#include "support/text_search.hpp"

using namespace policytune;

namespace {

Report radix_sort_chart_report() {
  ResultsDatabase database(POLICYTUNE_TEST_DATA "/databases/radix_sort.host_keys.db", ResultsDatabase::Mode::read_only);
  return build_report(database.measurements(), database.search_spaces(), "radix.db");
}

bool is_one_svg(const std::string& chart) {
  return chart.rfind("<svg ", 0) == 0 && testing::occurrences(chart, "<svg ") == 1 &&
         testing::occurrences(chart, "</svg>") == 1;
}

}  // namespace

TEST_CASE("each chart of a workload is one inline svg with its title", "[report_charts]") {
  const Report report = radix_sort_chart_report();
  REQUIRE_FALSE(report.workloads.empty());
  const WorkloadReport& workload = report.workloads.front();
  const std::string scores = score_distribution_chart(workload);
  const std::string speedups = runtime_speedup_chart(workload);
  const std::string dispatch = dispatch_chart(workload);
  const std::string convergence = convergence_chart(workload);
  for (const std::string* chart : {&scores, &speedups, &dispatch, &convergence}) CHECK(is_one_svg(*chart));
  CHECK_THAT(scores, Catch::Contains("Score distribution of the measured variants") && Catch::Contains("base (1.000)"));
  // Every runtime workload is of one axis: it names the x axis.
  CHECK_THAT(speedups, Catch::Contains("runtime workload: Elements{io}[pow2]"));
  CHECK_THAT(convergence, Catch::Contains("Search convergence"));
  REQUIRE(workload.dispatch.dispatch.has_value());
  CHECK_THAT(dispatch, Catch::Contains(workload.dispatch.kept ? "(kept)" : "(not kept)"));
  CHECK_THAT(dispatch, Catch::Contains("threshold"));
}

TEST_CASE("the score chart marks the winner, or says why the best did not win", "[report_charts]") {
  const Report report = radix_sort_chart_report();
  REQUIRE_FALSE(report.workloads.empty());
  WorkloadReport workload = report.workloads.front();
  REQUIRE(workload.winner != "base");
  CHECK_THAT(score_distribution_chart(workload), Catch::Contains("winner " + workload.winner));
  workload.winner = "base";
  const std::string best = workload.scored.ranked.front().variant;
  CHECK_THAT(score_distribution_chart(workload), Catch::Contains("best " + best) && Catch::Contains("base wins"));
}

TEST_CASE("no dispatch, no dispatch chart; no scores, an empty score chart", "[report_charts]") {
  const Report report = radix_sort_chart_report();
  REQUIRE_FALSE(report.workloads.empty());
  WorkloadReport workload = report.workloads.front();
  workload.dispatch.dispatch.reset();
  CHECK(dispatch_chart(workload).empty());
  workload.scored.ranked.clear();
  const std::string empty = score_distribution_chart(workload);
  CHECK(is_one_svg(empty));
  CHECK(empty.find("base (1.000)") == std::string::npos);
}
