#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "search/search_strategy.hpp"

namespace policytune {

// Greedy iterated local search (Schoonhoven et al.'s "greedy ILS"): first-improvement hill climbing
// over random one-axis neighbours; a point is taken for a local optimum after `patience`
// neighbours in a row failed to beat it (or none is left). Then the best optimum so far is
// perturbed on a few axes and the climb starts again; after `restart_after` perturbations without
// a new best, from a random point. Known neighbours are climbed through for free.
struct IteratedLocalSearchSettings {
  std::size_t patience = 20;
  std::size_t perturbation = 3;  // axes changed by a perturbation
  std::size_t restart_after = 3;
  double adjacent = 0.5;
};

std::unique_ptr<SearchStrategy> make_iterated_local_search(const StrategySpace& space,
                                                           std::optional<std::uint64_t> budget, std::uint64_t seed,
                                                           const IteratedLocalSearchSettings& settings = {});

}  // namespace policytune
