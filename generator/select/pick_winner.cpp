#include "select/pick_winner.hpp"

#include <cmath>
#include <map>

#include "select/confirmed_variants.hpp"
#include "select/workload_group.hpp"

namespace policytune {
namespace {

// How much of a variant's score over base could be noise: per runtime workload the combined
// relative noise of both medians, averaged with the weights the score used.
double score_noise(const ScoredWorkload& scored, const std::vector<const Measurement*>& rows,
                   const std::string& variant) {
  std::map<RuntimeKey, const Measurement*> base, candidate;
  for (const auto* row : rows) {
    if (row->status != Status::ok) continue;
    if (row->variant == "base") base[{row->entry, row->rt_workload}] = row;
    if (row->variant == variant) candidate[{row->entry, row->rt_workload}] = row;
  }
  double noise = 0;
  for (const auto& [key, weight] : scored.weights) {
    const auto found = candidate.find(key);
    if (found == candidate.end() || base.count(key) == 0) continue;
    noise += weight * std::hypot(median_noise(base.at(key)->statistics), median_noise(found->second->statistics));
  }
  return noise;
}

}  // namespace

std::optional<Winner> pick_winner(const ScoredWorkload& scored, const std::vector<const Measurement*>& rows,
                                  const std::function<bool(const std::string& variant)>& usable) {
  const auto confirmed = confirmed_variants(rows);
  for (const auto& candidate : scored.ranked) {
    if (candidate.variant == "base") return std::nullopt;  // ranked best first: nothing above base remains
    if (!usable(candidate.variant) || !may_win(confirmed, candidate.variant)) continue;
    const double noise = score_noise(scored, rows, candidate.variant);
    if (candidate.score - 1.0 <= noise) return std::nullopt;
    return Winner{candidate, noise};
  }
  return std::nullopt;
}

}  // namespace policytune
