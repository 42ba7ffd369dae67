#pragma once

#include <string>
#include <vector>

#include "measurement.hpp"
#include "results_database.hpp"

namespace policytune {

// Everything that makes measurements comparable with each other: results of one compile-time
// workload of one benchmark source, measured on one device with one toolkit and library.
struct WorkloadGroup {
  MeasurementScope scope;
  std::vector<const Measurement*> rows;

  // `reduce.sum[T{ct}=I32, OffsetT{ct}=I64]`
  std::string title() const;
  // `NVIDIA H200 (sm_90, 132 SMs, driver 580.65), CUDA 13.0, CCCL 3.0.1`
  std::string context() const;
};

// Groups `measurements` (which must outlive the result) in first-seen order.
std::vector<WorkloadGroup> group_by_workload(const std::vector<Measurement>& measurements);

// `policytune analyze --top N`: the N best variants of every group, base always listed.
std::string format_top(const std::vector<WorkloadGroup>& groups, std::size_t top);

// `policytune analyze --coverage`: distinct variants measured against the size of the space.
std::string format_coverage(const std::vector<WorkloadGroup>& groups, const std::vector<SearchSpaceRecord>& spaces);

}  // namespace policytune
