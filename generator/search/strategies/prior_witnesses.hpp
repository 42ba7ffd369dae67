#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "search/search_prior.hpp"
#include "search/search_strategy.hpp"
#include "search/strategies/adaptive_evolution.hpp"

namespace policytune {

// Transfer that hears each other device as its own witness instead of averaging them: averaged
// ranks throw away the one device that resembles the target (an AMD target resembles the AMD
// source, not the mean of three).
//
// 1. Round robin: each source's best point in turn, `round_robin_rounds` rounds.
// 2. Weighted turns: each source's agreement with what the target measured so far (Spearman's
//    rank correlation over the measured points it scores) is its weight; a source that agrees
//    clearly less than the best one, or not at all, is dropped, and the others take turns in
//    proportion to their weight, each proposing its best point not measured yet. Until
//    `prior_share` of the budget is spent.
// 3. The rest of the budget goes to adaptive_evolution (with `evolution`'s settings: by default
//    surrogate_evolution's, so that a Gaussian process fitted to everything measured, steps 1 and
//    2 included, picks half the mutants) guided by a prior of the kept sources with those weights:
//    its first run starts from their best points, which are measured already and cost nothing
//    again, and refines around the best found.
struct PriorWitnessesSettings {
  std::size_t round_robin_rounds = 2;
  double prior_share = 0.5;           // of a budget, spent on the sources' rankings (steps 1 and 2)
  std::size_t unbudgeted_prior = 50;  // points spent so without a budget
  std::size_t evidence = 5;           // measured points before a source's agreement is judged
  double drop_margin = 0.3;           // a source whose agreement is this far below the best's is dropped
  AdaptiveEvolutionSettings evolution = surrogate_settings(AdaptiveEvolutionSettings::Surrogate::gaussian_process);
};

std::unique_ptr<SearchStrategy> make_prior_witnesses(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                     std::uint64_t seed, const PriorWitnessesSettings& settings = {},
                                                     const SearchPrior* prior = nullptr);

}  // namespace policytune
