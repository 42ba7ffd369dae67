#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "search/search_prior.hpp"
#include "search/search_strategy.hpp"

namespace policytune {

// The naive transfer that keeps the sources apart: each other device's best point in turn, then
// each one's second best, and so on (a point already proposed is skipped), then random unseen
// points once every ranking is spent. Without a prior it is random sampling. It learns nothing
// from what it measures: the baseline that prior_witnesses must beat.
std::unique_ptr<SearchStrategy> make_prior_round_robin(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                       std::uint64_t seed, const SearchPrior* prior);

}  // namespace policytune
