#include "run/harness_state_validation.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace policytune;

namespace {

// One entry, `copy`, with a type axis and two runtime axes, as base's --list gives it.
std::vector<HarnessEntry> listing() {
  HarnessAxis type{"T{ct}", HarnessAxis::Kind::type, false, {"I32", "F32"}, {"int", "float"}};
  HarnessAxis elements{"Elements{io}", HarnessAxis::Kind::int64, true, {"16", "20"}, {}};
  HarnessAxis entropy{"Entropy{io}", HarnessAxis::Kind::float64, false, {"1.000", "0.544"}, {}};
  return {HarnessEntry{"copy", {type, elements, entropy}}};
}

HarnessState good_state() {
  HarnessState state;
  state.entry = "copy";
  state.ct_workload = "T{ct}=I32";
  state.rt_workload = "Elements{io}[pow2]=16,Entropy{io}=1.000";
  state.statistics = {20, 2e-6, 2.1e-6, 1e-7, 1.9e-6, 2.5e-6};
  state.bytes_per_second = 1e9;
  return state;
}

}  // namespace

TEST_CASE("a state the run asked for passes; one it did not ask for is named", "[harness][validation]") {
  const auto entries = listing();
  const std::vector<AxisFilter> no_filters;
  const RunRequest request{entries, "T{ct}=I32", no_filters};
  CHECK_FALSE(request_violation(good_state(), request));

  auto state = good_state();
  state.entry = "ghost";
  CHECK(request_violation(state, request) == "entry 'ghost' is not one the benchmark lists");

  state = good_state();
  state.ct_workload = "T{ct}=F32";
  CHECK(request_violation(state, request) == "compile-time workload 'T{ct}=F32' was not asked for ('T{ct}=I32' was)");

  state = good_state();
  state.rt_workload = "Elements{io}[pow2]=18,Entropy{io}=1.000";
  CHECK(request_violation(state, request) ==
        "runtime workload 'Elements{io}[pow2]=18,Entropy{io}=1.000': 18 is not a value of Elements{io}");

  state.rt_workload = "Elements{io}[pow2]=16";
  CHECK_THAT(*request_violation(state, request), Catch::Contains("does not name the entry's 2 runtime axes"));

  state.rt_workload = "Entropy{io}=1.000,Elements{io}[pow2]=16";
  CHECK_THAT(*request_violation(state, request), Catch::Contains("lacks Elements{io}[pow2]= at position 1"));

  state.rt_workload = "Elements{io}=16,Entropy{io}=1.000";  // a pow2 axis without its suffix
  CHECK(request_violation(state, request));

  SECTION("a runtime value the -a filters excluded was not asked for") {
    const std::vector<AxisFilter> filters{parse_axis_filter("Entropy{io}=0.544")};
    const RunRequest filtered{entries, "T{ct}=I32", filters};
    CHECK_THAT(*request_violation(good_state(), filtered), Catch::Contains("was filtered out"));
    auto other = good_state();
    other.rt_workload = "Elements{io}[pow2]=20,Entropy{io}=0.544";
    CHECK_FALSE(request_violation(other, filtered));
  }
}

TEST_CASE("an ok state's numbers must be a measurement", "[harness][validation]") {
  CHECK_FALSE(measurement_violation(good_state(), 20));
  CHECK(measurement_violation(good_state(), 21) == "20 samples, fewer than the 21 asked for");

  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::pair<double SampleStatistics::*, double> bad_times[] = {
      {&SampleStatistics::median, 1e-300},
      {&SampleStatistics::median, 0},
      {&SampleStatistics::median, -2e-6},
      {&SampleStatistics::median, nan},
      {&SampleStatistics::mean, inf},
      {&SampleStatistics::min, 5e-10},
      {&SampleStatistics::max, nan},
      {&SampleStatistics::stddev, -1},
      {&SampleStatistics::stddev, inf},
      {&SampleStatistics::median, 3e-6} /* above max */,
      {&SampleStatistics::mean, 1e-6} /* below min */,
  };
  for (const auto& [field, value] : bad_times) {
    auto state = good_state();
    state.statistics.*field = value;
    INFO("value " << value);
    CHECK(measurement_violation(state, 1));
  }
  auto state = good_state();
  state.statistics.median = 1e-300;
  CHECK(measurement_violation(state, 1) == "a median of 1e-300 s is not a measurement (at least 1 ns)");

  state = good_state();
  state.bytes_per_second = -1;
  CHECK(measurement_violation(state, 1) == "a bandwidth of -1 bytes/s");

  SECTION("a failed state carries no measurement to check") {
    auto failed = good_state();
    failed.status = Status::run_failed;
    failed.statistics = {};
    CHECK_FALSE(measurement_violation(failed, 20));
  }
}
