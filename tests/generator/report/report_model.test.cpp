// The report's numbers come from the select stage: the recorded radix-sort search, and made-up
// rows for failures.
#include "report/report_model.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "store/results_database.hpp"

using namespace policytune;

namespace {

const std::string kRadixSort = POLICYTUNE_TEST_DATA "/databases/radix_sort.host_keys.db";

Report radix_sort_report() {
  ResultsDatabase database(kRadixSort, ResultsDatabase::Mode::read_only);
  return build_report(database.measurements(), database.search_spaces(), kRadixSort);
}

Measurement report_row(const std::string& variant, const std::string& rt_workload, double median,
                       Status status = Status::ok, const std::string& reason = "") {
  Measurement m;
  m.algorithm = "tiny";
  m.benchmark = "tiny.sum";
  m.device = {"Host CPU", 2, 0, false, "", ""};
  m.toolkit = "GCC 12.2.0";
  m.source_hash = "1111111111111111";
  m.ct_workload = "T{ct}=I32";
  m.variant = variant;
  m.entry = "sum";
  m.rt_workload = rt_workload;
  m.status = status;
  m.reason = reason;
  if (status == Status::ok) m.statistics = {10, median, median, median / 1000, median, median};
  m.recorded_at = "2026-01-01T00:00:00Z";
  return m;
}

}  // namespace

TEST_CASE("report of the recorded radix sort: scores, speedups, dispatch, coverage, convergence, hub links",
          "[report]") {
  const Report report = radix_sort_report();
  CHECK(report.rows == 160);
  REQUIRE(report.workloads.size() == 2);
  CHECK(report.workloads[0].title == "radix_sort.host_keys[T{ct}=U32]");
  CHECK(report.workloads[1].title == "radix_sort.host_keys[T{ct}=U64]");
  REQUIRE(report.hubs.size() == 1);
  REQUIRE(report.hubs[0].problem.empty());
  REQUIRE(report.hubs[0].architectures.size() == 1);
  const ArchitecturePolicies& host = report.hubs[0].architectures[0];
  CHECK(host.architecture == "host");
  REQUIRE(host.workloads.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    const WorkloadReport& w = report.workloads[i];
    INFO(w.title);
    CHECK(w.architecture == "host");
    CHECK(w.measured == 9);
    CHECK(w.space_size == "9");
    CHECK(w.failures.empty());
    CHECK(w.scored.ranked.size() == 10);  // 9 variants and base
    // The winner is the one generate renders for this architecture.
    CHECK(w.winner == host.workloads[i].variant_name);
    // Per runtime workload: 8 sizes, min <= mean <= max, the winner's speedup among them.
    REQUIRE(w.spreads.size() == 8);
    CHECK(w.spreads.front().workload == "Elements{io}[pow2]=8");
    for (const auto& spread : w.spreads) {
      CHECK(spread.min <= spread.mean);
      CHECK(spread.mean <= spread.max);
      if (spread.winner) CHECK((spread.min <= *spread.winner && *spread.winner <= spread.max));
    }
    // Size dispatch over Elements{io}: kept for both key types (docs/results/size-dispatch-host.md's recorded search).
    REQUIRE(w.dispatch.dispatch);
    CHECK(w.dispatch.kept);
    CHECK(w.dispatch.dispatch->axis.name == "Elements{io}");
    CHECK(report.hubs[0].dispatch_ranges.count({"host", w.ct_workload}) == 1);
    REQUIRE_FALSE(w.curves.empty());
    for (const auto& curve : w.curves) CHECK(curve.points.size() == 8);
    CHECK(w.curves.front().points.front().first == 8);  // exponents on a power-of-two axis
    // Convergence: from base's 1 at no evaluations, never down, to the best score at all 9.
    REQUIRE(w.convergence.size() >= 2);
    CHECK(w.convergence.front() == std::pair<double, double>{0, 1});
    for (std::size_t p = 1; p < w.convergence.size(); ++p) {
      CHECK(w.convergence[p].first > w.convergence[p - 1].first);
      CHECK(w.convergence[p].second >= w.convergence[p - 1].second);
    }
    CHECK(w.convergence.back().first == 9);
    CHECK(w.convergence.back().second == Approx(std::max(1.0, w.scored.ranked.front().score)));
  }
}

TEST_CASE("report: failures by status with their reasons, skipped variants counted apart", "[report]") {
  const std::vector<Measurement> rows{
      report_row("base", "N=1000", 2.0),
      report_row("base", "N=4000", 8.0),
      report_row("unroll_2", "N=1000", 1.0),
      report_row("unroll_2", "N=4000", 4.0),
      report_row("unroll_3", "", 0, Status::build_failed, "error: 'x' was not declared"),
      report_row("unroll_4", "N=1000", 1.5),
      report_row("unroll_4", "N=4000", 0, Status::run_failed, "signal 11"),
      report_row("unroll_5", "", 0, Status::build_failed, "error: 'x' was not declared"),
      report_row("unroll_6", "", 0, Status::skipped, "needs 64 KiB of shared memory"),
  };
  const Report report = build_report(rows, {}, "made-up.db");
  REQUIRE(report.workloads.size() == 1);
  const WorkloadReport& w = report.workloads[0];
  CHECK(w.measured == 5);
  CHECK(w.space_size.empty());
  CHECK(w.skipped == 1);
  REQUIRE(w.failures.size() == 2);
  CHECK(w.failures[0].status == Status::build_failed);
  CHECK(w.failures[0].variants == 2);
  CHECK(w.failures[0].reasons == std::vector<std::pair<std::string, std::size_t>>{{"error: 'x' was not declared", 2}});
  CHECK(w.failures[0].examples == std::vector<std::string>{"unroll_3", "unroll_5"});
  CHECK(w.failures[1].status == Status::run_failed);
  CHECK(w.failures[1].variants == 1);
  CHECK(w.winner == "unroll_2");
  CHECK(w.winner_score == Approx(2.0));
  CHECK(w.convergence == std::vector<std::pair<double, double>>{{0, 1}, {1, 2}, {5, 2}});
  // Without a recorded search space, the hub's links are not made up.
  REQUIRE(report.hubs.size() == 1);
  CHECK(report.hubs[0].problem.find("no search space recorded") != std::string::npos);
}

TEST_CASE("report: no measurements, no workloads", "[report]") {
  const Report report = build_report({}, {}, "empty.db");
  CHECK(report.workloads.empty());
  CHECK(report.hubs.empty());
}
