#include "core/measurement_validation.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace policytune;

namespace {

Measurement valid_row_for_validation() {
  Measurement row;
  row.benchmark = "reduce.sum";
  row.variant = "ipt_8.tpb_256";
  row.ct_workload = "T{ct}=I32";
  row.rt_workload = "Elements{io}[pow2]=16";
  row.statistics = {10, 2.0e-6, 2.1e-6, 1.0e-7, 1.9e-6, 2.5e-6};
  row.recorded_at = "2026-11-25T06:00:00Z";
  return row;
}

const std::time_t kValidationNow = *parse_utc_timestamp("2026-11-25T12:00:00Z");

}  // namespace

TEST_CASE("timestamps: only utc_timestamp's format, and only real dates", "[validation]") {
  CHECK(parse_utc_timestamp("1970-01-01T00:00:00Z") == std::time_t{0});
  CHECK(parse_utc_timestamp("2000-03-01T00:00:00Z") == std::time_t{951868800});
  CHECK(parse_utc_timestamp("2024-02-29T23:59:59Z") == std::time_t{1709251199});
  // What utc_timestamp writes reads back as the same second.
  CHECK(parse_utc_timestamp(utc_timestamp(1764000000)) == std::time_t{1764000000});
  for (const char* wrong :
       {"", "garbage", "2026-11-25 06:00:00Z", "2026-11-25T06:00:00", "2026-11-25T06:00:00+01:00",
        "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
        "2026-11-25T24:00:00Z", "2026-11-25T06:60:00Z", "2026-11-25T06:00:60Z", "2026-1a-25T06:00:00Z",
        "-026-11-25T06:00:00Z", "2026-11-25T06:00:00Zx"}) {
    INFO(wrong);
    CHECK_FALSE(is_utc_timestamp(wrong));
  }
}

TEST_CASE("statistics of an ok measurement: finite, at least a nanosecond, median and mean within [min, max]",
          "[validation]") {
  const SampleStatistics good{10, 2.0e-6, 2.1e-6, 1.0e-7, 1.9e-6, 2.5e-6};
  CHECK_FALSE(statistics_fault(good));
  CHECK(statistics_fault(good, 11));  // fewer samples than asked for
  const auto with = [&](auto change) {
    SampleStatistics s = good;
    change(s);
    return statistics_fault(s);
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(with([&](auto& s) { s.median = nan; }));
  CHECK(with([&](auto& s) { s.median = inf; }));
  CHECK(with([&](auto& s) { s.median = 0; }));
  CHECK(with([&](auto& s) { s.median = -1; }));
  CHECK(with([&](auto& s) { s.min = 1e-12; }));
  CHECK(with([&](auto& s) { s.count = 0; }));
  CHECK(with([&](auto& s) { s.stddev = -1e-9; }));
  CHECK(with([&](auto& s) { s.stddev = nan; }));
  CHECK(with([&](auto& s) { s.median = 1.8e-6; }));  // below its own minimum
  CHECK(with([&](auto& s) { s.median = 2.6e-6; }));  // above its own maximum
  CHECK(with([&](auto& s) { s.mean = 3e-6; }));
  CHECK(with([&](auto& s) { s.max = inf; }));
  CHECK_FALSE(with([&](auto& s) { s.mean = 2.5e-6 * (1 + 1e-12); }));  // rounding, not a fault
}

TEST_CASE("a row to store: statistics when ok, numbers when failed, a date no later than a day from now",
          "[validation]") {
  CHECK_FALSE(measurement_fault(valid_row_for_validation(), kValidationNow));

  SECTION("an ok row with a median of NaN, 0 or -1") {
    for (const double median : {std::nan(""), 0.0, -1.0}) {
      Measurement row = valid_row_for_validation();
      row.statistics.median = median;
      CHECK(measurement_fault(row, kValidationNow));
    }
  }
  SECTION("a failed row carries zeros, but never NaN or negative numbers") {
    Measurement row = valid_row_for_validation();
    row.status = Status::build_failed;
    row.statistics = {};
    CHECK_FALSE(measurement_fault(row, kValidationNow));
    row.statistics.median = std::nan("");
    CHECK(measurement_fault(row, kValidationNow));
    row.statistics = {};
    row.statistics.count = -1;
    CHECK(measurement_fault(row, kValidationNow));
  }
  SECTION("dates: within a day ahead of the clock is skew; later, or not a timestamp, is refused") {
    Measurement row = valid_row_for_validation();
    row.recorded_at = "2026-11-26T11:00:00Z";
    CHECK_FALSE(measurement_fault(row, kValidationNow));
    row.recorded_at = "2026-11-26T13:00:00Z";
    const auto fault = measurement_fault(row, kValidationNow);
    REQUIRE(fault);
    CHECK_THAT(*fault, Catch::Matchers::Contains("future") && Catch::Matchers::Contains("2026-11-25T12:00:00Z"));
    CHECK_FALSE(measurement_fault(row, std::nullopt));  // reading judges no clock
    row.recorded_at = "2099-01-01T00:00:00Z";
    CHECK(measurement_fault(row, kValidationNow));
    row.recorded_at = "yesterday";
    CHECK(measurement_fault(row, std::nullopt));
    row.recorded_at = "";  // the store stamps it
    CHECK_FALSE(measurement_fault(row, kValidationNow));
  }
  SECTION("names, bandwidth and confirmation rounds") {
    Measurement row = valid_row_for_validation();
    row.bytes_per_second = -1.0;
    CHECK(measurement_fault(row, kValidationNow));
    row.bytes_per_second = std::numeric_limits<double>::infinity();
    CHECK(measurement_fault(row, kValidationNow));
    row = valid_row_for_validation();
    row.confirmed_rounds = -2;
    CHECK(measurement_fault(row, kValidationNow));
    row = valid_row_for_validation();
    row.variant.clear();
    CHECK(measurement_fault(row, kValidationNow));
    row = valid_row_for_validation();
    row.benchmark.clear();
    CHECK(measurement_fault(row, kValidationNow));
  }
}

TEST_CASE("a row is described by benchmark, variant and workloads", "[validation]") {
  CHECK(describe_row(valid_row_for_validation()) == "reduce.sum ipt_8.tpb_256 [T{ct}=I32] Elements{io}[pow2]=16");
}
