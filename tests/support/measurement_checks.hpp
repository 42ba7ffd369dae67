#pragma once

#include <catch2/catch.hpp>

#include "core/measurement.hpp"

namespace policytune::testing {

// `statistics` with its median (and mean) set to `median`, its extremes widened to hold it: the
// stores refuse a median outside [min, max] (measurement_validation.hpp).
inline SampleStatistics with_median(SampleStatistics statistics, double median) {
  statistics.median = median;
  statistics.mean = median;
  if (statistics.min > median) statistics.min = median;
  if (statistics.max < median) statistics.max = median;
  return statistics;
}

// Every field of a measurement but the variant name and the time it was recorded, one CHECK each
// so that a failure names the field.
inline void check_same_result(const Measurement& got, const Measurement& expected) {
  CHECK(got.algorithm == expected.algorithm);
  CHECK(got.benchmark == expected.benchmark);
  CHECK(got.device.name == expected.device.name);
  CHECK(got.device.sm_count == expected.device.sm_count);
  CHECK(got.device.memory_bus_width == expected.device.memory_bus_width);
  CHECK(got.device.ecc == expected.device.ecc);
  CHECK(got.device.compute_capability == expected.device.compute_capability);
  CHECK(got.device.driver == expected.device.driver);
  CHECK(got.device == expected.device);
  CHECK(got.toolkit == expected.toolkit);
  CHECK(got.library == expected.library);
  CHECK(got.source_hash == expected.source_hash);
  CHECK(got.ct_workload == expected.ct_workload);
  CHECK(got.entry == expected.entry);
  CHECK(got.rt_workload == expected.rt_workload);
  CHECK(got.status == expected.status);
  CHECK(got.reason == expected.reason);
  // SQLite REAL is an IEEE double: values come back bit for bit.
  CHECK(got.statistics.count == expected.statistics.count);
  CHECK(got.statistics.median == expected.statistics.median);
  CHECK(got.statistics.mean == expected.statistics.mean);
  CHECK(got.statistics.stddev == expected.statistics.stddev);
  CHECK(got.statistics.min == expected.statistics.min);
  CHECK(got.statistics.max == expected.statistics.max);
  CHECK(got.bytes_per_second == expected.bytes_per_second);
  CHECK(got.confirmed_rounds == expected.confirmed_rounds);
}

}  // namespace policytune::testing
