#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "select/dispatch_selection.hpp"
#include "select/score.hpp"
#include "space/search_space.hpp"

namespace policytune {

// The policies a hub renders: per architecture, per compile-time workload, the variant that won
// (select_winners in winners.hpp) or the library's default, with where it was measured.

// One range of a rendered dispatch: the variant that serves the range.
struct RangePolicy {
  DispatchRange range;             // first and last measured values, variant name, score, weight
  std::optional<Variant> variant;  // nullopt: the library's default (base)
};

// A dispatch between several policies over one runtime axis, as `generate --dispatch` renders it.
struct WorkloadRanges {
  RuntimeDispatch measured;         // the selection: axis, ranges, thresholds, score
  std::vector<RangePolicy> ranges;  // the same ranges, their variants parsed
  std::vector<std::int64_t> cuts;   // per threshold: the least runtime value the upper range serves
  double margin = 0;                // over the single policy
  double noise = 0;                 // how much of the margin could be noise
};

// The policy one compile-time workload gets on one architecture.
struct WorkloadPolicy {
  std::string ct_workload;            // "T{ct}=F32"
  std::optional<Variant> variant;     // nullopt: the library's default (base)
  std::string variant_name;           // "base" when not tuned
  std::optional<VariantScore> score;  // of the winner, when measured
  double noise = 0;                   // the relative measurement noise the winner had to beat
  std::string provenance;             // device, toolkit, library, date; and why base, when base
  // With dispatch: the ranges when several policies beat this one; else why not (the verdict).
  std::optional<WorkloadRanges> ranges;
  std::string dispatch_verdict;
};

struct ArchitecturePolicies {
  std::string architecture;  // "90", or "host"
  std::string device_note;   // which device's measurements, and any nearest match
  std::vector<WorkloadPolicy> workloads;
  std::string device{};  // the device whose measurements these are
  // The architecture they were measured on: `architecture`, or, for the architecture of a device
  // nobody measured it on (nearest match), the nearest lower one that stands in for it.
  std::string measured_architecture{};
};

}  // namespace policytune
