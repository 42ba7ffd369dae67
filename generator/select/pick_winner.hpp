#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "select/score.hpp"

namespace policytune {

// The variant `generate` takes from one group's scores: the best-ranked one that `usable`
// accepts (and, where a confirmation round re-measured some variants, that it re-measured:
// confirmed_variants.hpp), when its score beats base's by more than the measurement noise (per runtime workload
// the combined relative noise of both medians, averaged with the score's weights); nullopt: base.
struct Winner {
  VariantScore score;
  double noise = 0;
};
std::optional<Winner> pick_winner(const ScoredWorkload& scored, const std::vector<const Measurement*>& rows,
                                  const std::function<bool(const std::string& variant)>& usable);

}  // namespace policytune
