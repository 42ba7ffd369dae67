#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.hpp"
#include "protocol/declared_axes.hpp"

namespace policytune {

// CUB's importance weights for the values of one `{io}` axis, in the axis' order: rising from
// 0.6 to just under 0.999 along 1 - e^-x, so that later (larger) problem sizes count more.
std::vector<double> importance_weights(std::size_t value_count);

// A runtime workload of one benchmark entry: what a score sums over.
using RuntimeKey = std::pair<std::string, std::string>;  // (entry, rt_workload)

// The weight of every runtime workload, summing to 1 over all of them: per entry, the product of
// per-axis weights (importance weights on `{io}` axes, equal weights otherwise), normalised
// over all entries together, as CUB's score does. A value's weight comes from its position among
// the values the benchmark declares on that axis (`declared`), so that what a search narrowed with
// `-a` or the harness skipped neither moves the weights nor takes weight into the score. Where
// `declared` lacks a value of `workloads` (results stored before axes were kept), the values seen
// in `workloads` stand in for the declared ones. Axis values are ordered numerically where they
// are numbers, else in the order declared (or seen).
std::map<RuntimeKey, double> workload_weights(const std::vector<RuntimeKey>& workloads,
                                              const DeclaredAxes& declared = {});

struct VariantScore {
  std::string variant;
  double score = 0;  // weighted sum of speedups over base
  double min = 0;    // smallest speedup over the runtime workloads
  double mean = 0;   // unweighted mean speedup
  double max = 0;    // largest speedup
};

// The scores of one compile-time workload on one device, best first, base (score 1) included.
struct ScoredWorkload {
  std::vector<VariantScore> ranked;
  std::size_t unranked = 0;              // variants that failed or missed a runtime workload
  std::string problem;                   // non-empty when nothing can be scored (base failed everywhere)
  std::map<RuntimeKey, double> weights;  // what each runtime workload of base weighed in the scores
};

// `rows` are all measurements of one (benchmark, device, toolkit, library, source, ct workload).
// Speedup per runtime workload = median(base) / median(variant). A variant missing a runtime
// workload of base, or failing any, is not ranked. `declared`: the benchmark's runtime axes, which
// the weights come from (workload_weights).
ScoredWorkload score_workload(const std::vector<const Measurement*>& rows, const DeclaredAxes& declared = {});

}  // namespace policytune
