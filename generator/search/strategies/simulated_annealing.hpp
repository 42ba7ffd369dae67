#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "search/search_strategy.hpp"

namespace policytune {

// Simulated annealing on log cost: from the best of a few random points, a walk of random
// neighbours (1 to 3 axes changed) that always accepts a better one and a worse one with chance
// exp(-(log worse - log current) / T); T cools geometrically over the budget (without one, over
// every `cycle` evaluations, then heats up again). Known neighbours are stepped through for free.
struct SimulatedAnnealingSettings {
  std::size_t first_samples = 10;
  double start_temperature = 0.2;  // log units: a 20% slower neighbour is accepted with chance 1/e at first
  double end_temperature = 0.01;
  std::uint64_t cycle = 1000;  // evaluations per cooling without a budget
  double adjacent = 0.5;
};

std::unique_ptr<SearchStrategy> make_simulated_annealing(const StrategySpace& space,
                                                         std::optional<std::uint64_t> budget, std::uint64_t seed,
                                                         const SimulatedAnnealingSettings& settings = {});

}  // namespace policytune
