#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "select/score.hpp"
#include "select/workload_group.hpp"

namespace policytune {

struct DispatchRange;

// The runtime axis a dispatch splits: `Elements{io}[pow2]` as it is written in workloads.
struct DispatchAxis {
  std::string key;                  // "Elements{io}[pow2]": the axis as workloads spell it
  std::string name;                 // "Elements{io}": the axis as the benchmark names it
  bool pow2 = false;                // values are exponents: the problem size is 2^value
  std::vector<std::string> values;  // every measured value, in numeric order

  // The problem size a value stands for: 2^value on a power-of-two axis, else the value itself.
  double runtime_value(const std::string& value) const;
  // `2^16` on a power-of-two axis, else the value itself.
  std::string describe(const std::string& value) const;
  // `2^8..2^10`, or `2^8` for a range of one value.
  std::string describe(const DispatchRange& range) const;
  // Where a rendered selector switches from the range ending at `below` to the one starting at
  // `above`: the least integer problem size no nearer to `below` than to `above` (by ratio on a
  // power-of-two axis, by difference otherwise), so that a size between two measured ones goes to the
  // nearer range (a tie to the upper). nullopt when the sizes are not integers a selector can compare against.
  std::optional<std::int64_t> boundary(const std::string& below, const std::string& above) const;
  // The C++ parameter name a selector takes this axis as: `Elements{io}` -> `elements`.
  std::string parameter_name() const;
};

// One contiguous range of the dispatch axis' values and the variant that serves it.
struct DispatchRange {
  std::string first;    // the range's smallest measured value ("16"), inclusive
  std::string last;     // its largest ("20"), inclusive
  std::string variant;  // "bits_8" or "base"
  double score = 0;     // the variant's weighted score over the range's runtime workloads alone
  double weight = 0;    // the range's share of the whole score's weight (all ranges sum to 1)
};

// Where two neighbouring ranges meet, and the measurements that put the threshold there: the
// weighted speedups over base of the lower range's variant and of the upper range's variant, at the
// lower range's last value and at the upper range's first value.
struct DispatchThreshold {
  std::string below;  // last value of the lower range
  std::string above;  // first value of the upper range
  double lower_at_below = 0;
  double upper_at_below = 0;
  double lower_at_above = 0;
  double upper_at_above = 0;
};

// The best assignment of variants to contiguous ranges of one runtime axis.
struct RuntimeDispatch {
  DispatchAxis axis;
  std::vector<DispatchRange> ranges;          // ascending, contiguous, covering every value of axis
  std::vector<DispatchThreshold> thresholds;  // ranges.size() - 1, between ranges i and i + 1
  double score = 0;                           // weighted score of the whole assignment
};

// What one compile-time workload on one device gets: one policy, or a dispatch between several.
struct WorkloadDispatch {
  MeasurementScope scope;    // benchmark, device, toolkit, library, source hash, compile-time workload
  std::string architecture;  // "90", or "host"
  std::string ct_workload;   // "T{ct}=F32"
  std::string title;         // `reduce.sum[T{ct}=F32]`
  std::string context;       // device, toolkit, library
  std::string problem;       // non-empty when nothing could be scored; nothing else is set then

  VariantScore single;      // the single best policy, as `generate` picks it (base unless a variant beats noise)
  double single_noise = 0;  // the noise that variant had to beat against base

  // The best split, whenever some runtime axis has at least two numeric values.
  std::optional<RuntimeDispatch> dispatch;
  double margin = 0;    // dispatch->score / single.score - 1
  double noise = 0;     // how much of the margin could be measurement noise
  bool kept = false;    // the margin beats both the noise and the threshold: render the dispatch
  std::string verdict;  // why kept or not, in words
};

struct DispatchOptions {
  std::string axis;  // split only this runtime axis (`Elements{io}`, as the benchmark names it); any if empty
  std::size_t max_policies = 3;  // most ranges (and so most distinct policies) a dispatch may have
  double threshold = 0.02;       // least relative gain over the single policy worth a dispatch
  // Which variants may serve (the renderer passes those its search space can parse); all if empty.
  std::function<bool(const std::string& variant)> usable;
};

// The single best policy of `group` and the best dispatch over one runtime axis: at most
// `max_policies` contiguous ranges of that axis' values (numerically ordered), each served by one
// variant, maximising the weighted score (score.hpp's weights); every axis with two or more
// numeric values is tried and the best kept. The dispatch is `kept` only when its score beats the
// single policy's by more than the measurement noise and by more than `threshold`.
WorkloadDispatch select_dispatch(const WorkloadGroup& group, const DispatchOptions& options);

// select_dispatch for every group, in order.
std::vector<WorkloadDispatch> select_dispatches(const std::vector<WorkloadGroup>& groups,
                                                const DispatchOptions& options);

// Threshold `index` of `dispatch` and the measurements that put it there, in one line:
// `2^10|2^12: at 2^10 bits_8 1.046 vs bits_11 0.809; at 2^12 bits_11 1.200 vs bits_8 0.746`.
std::string describe_threshold(const RuntimeDispatch& dispatch, std::size_t index);

// `policytune analyze --dispatch`: per group the single policy, the best ranges and the verdict.
std::string format_dispatch(const std::vector<WorkloadDispatch>& dispatches);

}  // namespace policytune
