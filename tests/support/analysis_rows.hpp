#pragma once
// Rows of the tiny benchmark for the tests of workload groups and of analyze's tables.

#include <string>
#include <vector>

#include "core/measurement.hpp"

namespace policytune::testing {

inline Measurement analysis_row(const std::string& hash, const std::string& variant, const std::string& rt_workload,
                                double median, const std::string& recorded_at, Status status = Status::ok,
                                const std::string& reason = "") {
  Measurement m;
  m.algorithm = "tiny";
  m.benchmark = "tiny.sum";
  m.device = {"Host CPU", 2, 0, false, "", ""};
  m.toolkit = "GCC 12.2.0";
  m.source_hash = hash;
  m.ct_workload = "T{ct}=I32";
  m.variant = variant;
  m.entry = "sum";
  m.rt_workload = rt_workload;
  m.status = status;
  m.reason = reason;
  if (status == Status::ok) m.statistics = {10, median, median, median / 100, median, median};
  m.recorded_at = recorded_at;
  return m;
}

// tiny.sum before and after a comment was edited: the same variants, measured again, another winner.
inline std::vector<Measurement> two_sources() {
  return {
      analysis_row("1111111111111111", "base", "N=1000", 2.0, "2025-01-01T00:00:00Z"),
      analysis_row("1111111111111111", "unroll_2", "N=1000", 1.0, "2025-01-01T00:00:01Z"),
      analysis_row("1111111111111111", "unroll_3", "N=1000", 1.5, "2025-01-01T00:00:02Z"),
      analysis_row("2222222222222222", "base", "N=1000", 2.0, "2025-02-01T00:00:00Z"),
      analysis_row("2222222222222222", "unroll_2", "N=1000", 1.5, "2025-02-01T00:00:01Z"),
      analysis_row("2222222222222222", "unroll_3", "N=1000", 1.0, "2025-02-01T00:00:02Z"),
  };
}

}  // namespace policytune::testing
