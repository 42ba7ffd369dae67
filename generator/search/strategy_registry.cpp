#include "search/strategy_registry.hpp"

#include <algorithm>

#include "core/user_error.hpp"
#include "search/strategies/adaptive_evolution.hpp"
#include "search/strategies/exhaustive.hpp"
#include "search/strategies/genetic_algorithm.hpp"
#include "search/strategies/iterated_local_search.hpp"
#include "search/strategies/prior_order.hpp"
#include "search/strategies/prior_round_robin.hpp"
#include "search/strategies/prior_witnesses.hpp"
#include "search/strategies/random_sampling.hpp"
#include "search/strategies/simulated_annealing.hpp"

namespace policytune {
namespace {

// "auto" without a budget searches exhaustively up to this many points.
constexpr std::uint64_t kSmallSpace = 1000;
// What "auto" picks for larger spaces: the best on the mean over the 18 development landscapes at
// 100, 200 and 400 evaluations (docs/results/default-without-prior.md).
constexpr const char* kStrongest = "surrogate_evolution";
// What "auto" picks with a prior: above the naive transfer on the mean at every budget, leaving one
// GPU out of the development landscapes (docs/guide/priors.md).
constexpr const char* kStrongestWithPrior = "prior_witnesses";

// A strategy with its default settings.
template <auto make>
std::unique_ptr<SearchStrategy> with_defaults(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                              std::uint64_t seed, const SearchPrior*) {
  return make(space, budget, seed, {});
}

// A strategy with its default settings that a prior guides.
template <auto make>
std::unique_ptr<SearchStrategy> with_prior(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                           std::uint64_t seed, const SearchPrior* prior) {
  return make(space, budget, seed, {}, prior);
}

// adaptive_evolution whose mutations a Gaussian-process surrogate picks.
std::unique_ptr<SearchStrategy> surrogate_evolution(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                    std::uint64_t seed, const SearchPrior* prior) {
  return make_adaptive_evolution(space, budget, seed,
                                 surrogate_settings(AdaptiveEvolutionSettings::Surrogate::gaussian_process), prior);
}

// adaptive_evolution whose mutations a random-forest surrogate picks.
std::unique_ptr<SearchStrategy> forest_evolution(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                 std::uint64_t seed, const SearchPrior* prior) {
  return make_adaptive_evolution(space, budget, seed,
                                 surrogate_settings(AdaptiveEvolutionSettings::Surrogate::random_forest), prior);
}

// Each other device as its own witness, then the model-based search the agreeing ones guide.
std::unique_ptr<SearchStrategy> prior_witnesses(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                std::uint64_t seed, const SearchPrior* prior) {
  return make_prior_witnesses(space, budget, seed, {}, prior);
}

std::unique_ptr<SearchStrategy> exhaustive(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                           std::uint64_t, const SearchPrior*) {
  return make_exhaustive(space, budget);
}

std::unique_ptr<SearchStrategy> random_sampling(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                std::uint64_t seed, const SearchPrior*) {
  return make_random_sampling(space, budget, seed);
}

std::string joined_names() {
  std::string text;
  for (const auto& name : strategy_names()) text += (text.empty() ? "" : ", ") + name;
  return text;
}

}  // namespace

const std::vector<RegisteredStrategy>& registered_strategies() {
  static const std::vector<RegisteredStrategy> strategies{
      {.name = "exhaustive", .make = exhaustive},
      {.name = "random", .make = random_sampling, .samples = true},
      {.name = "adaptive_evolution",
       .make = with_prior<make_adaptive_evolution>,
       .learns_from_results = true,
       .samples = true,
       .uses_prior = true},
      {.name = "genetic_algorithm",
       .make = with_defaults<make_genetic_algorithm>,
       .learns_from_results = true,
       .samples = true},
      {.name = "iterated_local_search",
       .make = with_defaults<make_iterated_local_search>,
       .learns_from_results = true,
       .samples = true},
      {.name = "simulated_annealing",
       .make = with_defaults<make_simulated_annealing>,
       .learns_from_results = true,
       .samples = true},
      {.name = "prior_order", .make = make_prior_order, .samples = true, .uses_prior = true},
      {.name = "prior_round_robin", .make = make_prior_round_robin, .samples = true, .uses_prior = true},
      {.name = "prior_witnesses",
       .make = prior_witnesses,
       .learns_from_results = true,
       .samples = true,
       .uses_prior = true},
      {.name = "surrogate_evolution",
       .make = surrogate_evolution,
       .learns_from_results = true,
       .samples = true,
       .uses_prior = true},
      {.name = "forest_evolution",
       .make = forest_evolution,
       .learns_from_results = true,
       .samples = true,
       .uses_prior = true},
  };
  return strategies;
}

const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all{"auto"};
    for (const auto& strategy : registered_strategies()) all.push_back(strategy.name);
    return all;
  }();
  return names;
}

std::string resolve_strategy(const std::string& name, const BigCount& space_size, std::optional<std::uint64_t> budget,
                             bool with_prior) {
  if (name != "auto") return name;
  const bool fits = budget ? space_size <= BigCount(*budget) : space_size <= BigCount(kSmallSpace);
  return fits ? "exhaustive" : with_prior ? kStrongestWithPrior : kStrongest;
}

const RegisteredStrategy& registered_strategy(const std::string& name) {
  const auto& strategies = registered_strategies();
  const auto found = std::find_if(strategies.begin(), strategies.end(),
                                  [&](const RegisteredStrategy& strategy) { return strategy.name == name; });
  if (found == strategies.end()) throw UserError("unknown --strategy '" + name + "' (" + joined_names() + ")");
  return *found;
}

std::unique_ptr<SearchStrategy> make_strategy(const std::string& name, const StrategySpace& space,
                                              std::optional<std::uint64_t> budget, std::uint64_t seed,
                                              const SearchPrior* prior) {
  const bool with_prior = prior != nullptr && !prior->empty();
  const std::string resolved = resolve_strategy(name, space.size(), budget, with_prior);
  const RegisteredStrategy& strategy = registered_strategy(resolved);  // "auto" resolves to a known one
  // Without a budget a sampling strategy runs until it has seen every allowed point, remembering
  // each: refused where that could never end.
  if (strategy.samples && !budget && !space.size().fits_u64()) {
    throw UserError("--strategy " + resolved + " over " + space.size().to_string() + " variants needs a --budget");
  }
  return strategy.make(space, budget, seed, with_prior ? prior : nullptr);
}

}  // namespace policytune
