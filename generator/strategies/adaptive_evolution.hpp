#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "../search_strategy.hpp"

namespace policytune {

// PolicyTune's default for spaces too large to search exhaustively: an elitist steady-state
// evolutionary search (a genetic algorithm without crossover) with the restarts of an iterated
// local search and mutations that learn.
//
// A run starts from a few random points; every further point is a mutant of one of the run's best
// points (rank selection), with 1 to 3 axes changed. Each value of an axis earns credit by how much
// the children that took it improved on their parents (log cost), and changes mostly pick the
// best-credited value: a model-free adaptive operator choice that steers mutations towards values
// that paid off. A run that stops improving by a clear margin is abandoned for a fresh one, so the
// search leaves poor basins; what was measured stays known (revisits are free) and the credit is
// kept. The last part of a budget refines the best points found over all runs.
struct AdaptiveEvolutionSettings {
  std::size_t first_samples = 10;        // random points that start the search
  std::size_t restart_samples = 10;      // random points that start each later run
  std::size_t parents = 5;               // a run's best points, chosen by rank (weights 5, 4, ..., 1)
  std::size_t patience = 50;             // evaluations without a clear improvement before a restart
  double clear_improvement = 0.05;       // relative: smaller gains do not count (beyond measurement noise)
  double credit_choice = 0.7;            // chance that a changing axis takes its best-credited value
  double credit_noise = 0.3;             // random bonus (log units) so that credit guides, not dictates
  double failure_penalty = 1.0;          // credit of a value whose child failed (log units)
  double adjacent = 0.5;                 // else: the next value up or down with this chance, or any
  std::uint64_t credit_axis_limit = 64;  // axes with more values than this change blindly
  double final_share = 0.15;             // of a budget, spent refining the best points found
};

std::unique_ptr<SearchStrategy> make_adaptive_evolution(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                        std::uint64_t seed,
                                                        const AdaptiveEvolutionSettings& settings = {});

}  // namespace policytune
