#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "search/search_prior.hpp"
#include "search/search_strategy.hpp"
#include "search/strategies/random_forest.hpp"

namespace policytune {

// The search behind PolicyTune's default for spaces too large to search exhaustively (with a
// Gaussian process picking half the mutants: `surrogate_evolution`): an elitist steady-state
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
//
// With a prior (what other devices found, search_prior.hpp) the first run starts from the prior's
// best points instead of random ones, and a mutation is picked among a few candidates by the
// prior's score. How much the prior is trusted is how well it agrees with what this search has
// measured (rank correlation, at most 1): a misleading prior soon stops steering, and every
// restart then starts from random points as without one.
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
  std::size_t prior_candidates = 8;      // mutants among which the prior picks
  std::size_t prior_evidence = 8;        // measured points before the prior's agreement is judged
  std::size_t prior_patience = 25;       // of the first run, which the prior's best points start
  // Model-based: each mutation is the best of a few candidates by the expected improvement a
  // model fitted to every result so far predicts: a Gaussian process (gaussian_process.hpp) or a
  // random forest (random_forest.hpp).
  enum class Surrogate { none, gaussian_process, random_forest };
  Surrogate surrogate = Surrogate::none;
  std::size_t surrogate_candidates = 16;
  double surrogate_chance = 1.0;        // that a mutation is the model's pick, else the credit's
  std::size_t surrogate_samples = 64;   // random points among which it picks a restart's (1: at random)
  double surrogate_length_scale = 1.0;  // of an axis' whole range
  double surrogate_noise = 1e-3;
  RandomForestSettings forest;
};

// The defaults with a surrogate: `surrogate_evolution`'s (a Gaussian process of length scale 0.5
// picks half the mutants, each the best of 32 candidates, the credit the other half as without a
// model, so that the search does not keep to the basin the model believes in; restart samples the
// best of 64) or `forest_evolution`'s (a random forest, 32 candidates: it is cheap to consult;
// restarts at random, since a model-picked restart returned to the basin just left).
AdaptiveEvolutionSettings surrogate_settings(AdaptiveEvolutionSettings::Surrogate model);

std::unique_ptr<SearchStrategy> make_adaptive_evolution(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                        std::uint64_t seed,
                                                        const AdaptiveEvolutionSettings& settings = {},
                                                        const SearchPrior* prior = nullptr);

}  // namespace policytune
