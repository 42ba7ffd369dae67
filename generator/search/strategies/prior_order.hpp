#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "search/search_prior.hpp"
#include "search/search_strategy.hpp"

namespace policytune {

// The naive transfer: the points other devices found best first (the prior's ranking), then
// random unseen points once the prior has none left. Without a prior it is random sampling. It
// learns nothing from what it measures: the baseline that guided strategies must beat.
std::unique_ptr<SearchStrategy> make_prior_order(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                 std::uint64_t seed, const SearchPrior* prior);

}  // namespace policytune
