#pragma once

#include <map>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dispatch_selection.hpp"
#include "measurement.hpp"
#include "score.hpp"
#include "search_space.hpp"

namespace policytune {

// What `policytune generate` renders: for tuned, the database decides; base renders the library
// defaults everywhere; test renders the benchmark's declared test variant (reproducible CI builds).
enum class RenderMode { tuned, base, test };

// How results of a device are matched to an architecture: exact takes only the chosen device's
// (or the only device's) results; nearest may use another device of the same architecture, and
// where no device of the chosen device's architecture was measured (a new GPU), the nearest lower
// architecture's results.
enum class DeviceMatch { exact, nearest };

// One range of a rendered dispatch: the variant that serves the range.
struct RangePolicy {
  DispatchRange range;             // first and last measured values, variant name, score, weight
  std::optional<Variant> variant;  // nullopt: the library's default (base)
};

// A dispatch between several policies over one runtime axis, as `generate --dispatch` renders it.
struct WorkloadRanges {
  RuntimeDispatch measured;        // the selection: axis, ranges, thresholds, score
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
  std::string device = "";   // the device whose measurements these are
  // The architecture they were measured on: `architecture`, or, for the architecture of a device
  // nobody measured it on (nearest match), the nearest lower one that stands in for it.
  std::string measured_architecture = "";
};

struct WinnerOptions {
  std::string benchmark;
  std::string source_hash;  // only results of this source count
  DeviceMatch match = DeviceMatch::exact;
  std::string device;  // name of the device to render for; empty: the only one per architecture
  // Also select dispatches over a runtime axis (its `axis` must be set); none when nullopt.
  std::optional<DispatchOptions> dispatch;
  // The SM number of `device` ("100"), for a device no results of the benchmark come from: with
  // nearest, where no device of that architecture was measured either, the nearest lower
  // architecture's winners serve it. Empty: no such stand-in.
  std::string device_architecture = "";
};

// The variant `generate` takes from one group's scores: the best-ranked one that `usable`
// accepts, when its score beats base's by more than the measurement noise (per runtime workload
// the combined relative noise of both medians, averaged with the score's weights); nullopt: base.
struct Winner {
  VariantScore score;
  double noise = 0;
};
std::optional<Winner> pick_winner(const ScoredWorkload& scored, const std::vector<const Measurement*>& rows,
                                  const std::function<bool(const std::string& variant)>& usable);

// Per architecture found in `measurements` (ascending), the winner of every compile-time workload:
// the best-scored variant when it beats base by more than the measurement noise, else base; with
// `options.dispatch`, also the ranges of a kept dispatch whose thresholds a selector can compare.
// Throws UserError when the device choice is ambiguous or missing.
std::vector<ArchitecturePolicies> select_winners(const std::vector<Measurement>& measurements, const SearchSpace& space,
                                                 const WinnerOptions& options);

// The architecture a device's compute capability names: "9.0" -> "90"; the host -> "host".
std::string architecture_of(const DeviceIdentity& device);

// The architecture of the device named `device` as any of `measurements` (of any benchmark)
// records it; nullopt where none comes from that device.
std::optional<std::string> recorded_architecture(const std::vector<Measurement>& measurements, const std::string& device);

}  // namespace policytune
