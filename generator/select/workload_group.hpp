#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "protocol/declared_axes.hpp"
#include "store/results_database.hpp"

namespace policytune {

// Everything that makes measurements comparable with each other: results of one compile-time
// workload of one benchmark source, measured on one device with one toolkit and library.
struct WorkloadGroup {
  MeasurementScope scope;
  std::vector<const Measurement*> rows;
  DeclaredAxes declared;  // the benchmark's runtime axes, which its scores weigh by (may be empty)

  // `reduce.sum[T{ct}=I32, OffsetT{ct}=I64]`
  std::string title() const;
  // `NVIDIA H200 (sm_90, 132 SMs, driver 580.65), CUDA 13.0, CCCL 3.0.1`, on one printable line
  std::string context() const;
  // When the newest of its rows was recorded (ISO 8601 UTC).
  std::string newest_measurement() const;
};

// Groups `measurements` (which must outlive the result) in first-seen order, each with the runtime
// axes its search recorded in `spaces`. UserError naming `database` where those are malformed.
std::vector<WorkloadGroup> group_by_workload(const std::vector<Measurement>& measurements,
                                             const std::vector<SearchSpaceRecord>& spaces = {},
                                             const std::string& database = "");

// The runtime axes the search of (benchmark, source_hash) recorded in `spaces`; empty when none
// did. UserError naming `database` where they are malformed.
DeclaredAxes declared_axes_of(const std::vector<SearchSpaceRecord>& spaces, const std::string& benchmark,
                              const std::string& source_hash, const std::string& database);

// Which source version of each benchmark is the current one. Editing a benchmark, even a comment,
// changes its source hash and a search measures it all again beside the old rows: without this,
// blocks of old and current sources look alike and name different winners.
struct SourceStatus {
  std::map<std::string, std::string> current;  // benchmark -> the hash of its source file now
  std::map<std::string, std::string> newest;   // benchmark -> the hash measured most recently

  // `source 1f0e..., last measured 2026-11-22T10:31:05Z (current)`: (current) or (OLD: ...) where
  // the source file is known, else (newest) or (older than ...).
  std::string describe(const WorkloadGroup& group) const;
};
// `current_sources`: benchmark -> hash of the benchmark files analyze was given (may be empty).
SourceStatus source_status(const std::vector<Measurement>& measurements,
                           std::map<std::string, std::string> current_sources);

}  // namespace policytune
