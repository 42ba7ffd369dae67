#pragma once

#include <memory>
#include <optional>

#include "search/search_strategy.hpp"

namespace policytune {

// Uniform sampling of the allowed points without replacement (UnseenPoints): small spaces are
// shuffled, large ones sampled with rejection.
std::unique_ptr<SearchStrategy> make_random_sampling(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                     std::uint64_t seed);

}  // namespace policytune
