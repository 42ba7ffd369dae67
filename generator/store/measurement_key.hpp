#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>

#include "core/measurement.hpp"

namespace policytune {

// What identifies one measurement: a second measurement with the same key replaces the first, in
// the SQLite store (its UNIQUE clause and upsert are built from kMeasurementKeyColumns), in the
// in-memory store and when databases are merged (both compare measurement_key()). Written once,
// here; the two forms name the same fields, the device by its identity.
inline constexpr std::array<std::string_view, 10> kMeasurementKeyColumns{
    "algorithm",   "benchmark",   "device_id", "toolkit", "library",
    "source_hash", "ct_workload", "variant",   "entry",   "rt_workload"};

using MeasurementKey =
    std::tuple<std::string, std::string,                                    // algorithm, benchmark
               std::string, std::int64_t, std::int64_t, bool, std::string,  // the device's
               std::string,                                                 // identity
               std::string, std::string, std::string, std::string, std::string, std::string, std::string>;

inline MeasurementKey measurement_key(const Measurement& m) {
  return {m.algorithm,
          m.benchmark,
          m.device.name,
          m.device.sm_count,
          m.device.memory_bus_width,
          m.device.ecc,
          m.device.compute_capability,
          m.device.driver,
          m.toolkit,
          m.library,
          m.source_hash,
          m.ct_workload,
          m.variant,
          m.entry,
          m.rt_workload};
}

// "algorithm, benchmark, ..., rt_workload": the key columns as SQL lists them.
inline std::string measurement_key_column_list() {
  std::string list;
  for (const std::string_view column : kMeasurementKeyColumns) {
    if (!list.empty()) list += ", ";
    list += column;
  }
  return list;
}

}  // namespace policytune
