// The rows a check compares, by runtime workload: the database's of one device and workload, and
// a run that produced no state.
#include "check/check_rows.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

namespace {

Measurement check_rows_row(const std::string& device, const std::string& ct, const std::string& variant,
                           const std::string& rt, double median, Status status = Status::ok) {
  Measurement m;
  m.device.name = device;
  m.ct_workload = ct;
  m.variant = variant;
  m.entry = "sum";
  m.rt_workload = rt;
  m.status = status;
  m.statistics.median = median;
  return m;
}

}  // namespace

TEST_CASE("stored rows: one device, one compile-time workload, one variant, the ones that ran", "[check_rows]") {
  const std::vector<Measurement> stored{check_rows_row("H100", "T=I32", "work_1", "N=1", 1.0),
                                        check_rows_row("H100", "T=I32", "work_1", "N=2", 2.0),
                                        check_rows_row("A100", "T=I32", "work_1", "N=1", 9.0),  // another device
                                        check_rows_row("H100", "T=F32", "work_1", "N=1", 9.0),  // another workload
                                        check_rows_row("H100", "T=I32", "base", "N=1", 9.0),    // another variant
                                        check_rows_row("H100", "T=I32", "work_1", "N=3", 0.0, Status::run_failed)};
  const auto rows = stored_rows(stored, "H100", "T=I32", "work_1");
  REQUIRE(rows.size() == 2);
  CHECK(stored_median(rows, {"sum", "N=2"}) == 2.0);
  CHECK_FALSE(stored_median(rows, {"sum", "N=3"}));  // failed: nothing to compare with
  CHECK(by_runtime_workload(stored).size() == 3);    // N=1, N=2, N=3 of entry sum: the last of each
}

TEST_CASE("a run without states is one failed row without a workload", "[check_rows]") {
  const std::vector<Measurement> crashed{check_rows_row("H100", "T=I32", "work_1", "", 0, Status::run_timeout)};
  CHECK(whole_run_failure(crashed) == &crashed.front());
  const std::vector<Measurement> ran{check_rows_row("H100", "T=I32", "work_1", "N=1", 1.0)};
  CHECK(whole_run_failure(ran) == nullptr);
  const std::vector<Measurement> one_failed_state{
      check_rows_row("H100", "T=I32", "work_1", "N=1", 0, Status::run_failed)};
  CHECK(whole_run_failure(one_failed_state) == nullptr);  // a state that failed is that state's row
}
