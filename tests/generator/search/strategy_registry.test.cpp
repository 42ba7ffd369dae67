#include "search/strategy_registry.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/user_error.hpp"
#include "search/strategies/adaptive_evolution.hpp"
#include "search/strategies/exhaustive.hpp"
#include "search/strategies/genetic_algorithm.hpp"
#include "search/strategies/iterated_local_search.hpp"
#include "search/strategies/random_sampling.hpp"
#include "search/strategies/simulated_annealing.hpp"
#include "support/strategy_contract.hpp"

using namespace policytune;
using policytune::testing::GridSpace;

TEST_CASE("capabilities: the strategies that learn from results, and those that sample", "[strategy]") {
  std::map<std::string, std::pair<bool, bool>> capabilities;
  for (const auto& strategy : registered_strategies()) {
    capabilities[strategy.name] = {strategy.learns_from_results, strategy.samples};
  }
  CHECK(capabilities == std::map<std::string, std::pair<bool, bool>>{{"exhaustive", {false, false}},
                                                                     {"random", {false, true}},
                                                                     {"adaptive_evolution", {true, true}},
                                                                     {"genetic_algorithm", {true, true}},
                                                                     {"iterated_local_search", {true, true}},
                                                                     {"simulated_annealing", {true, true}},
                                                                     {"prior_order", {false, true}},
                                                                     {"prior_round_robin", {false, true}},
                                                                     {"prior_witnesses", {true, true}},
                                                                     {"surrogate_evolution", {true, true}},
                                                                     {"forest_evolution", {true, true}}});
  std::set<std::string> guided;
  for (const auto& strategy : registered_strategies()) {
    if (strategy.uses_prior) guided.insert(strategy.name);
  }
  CHECK(guided == std::set<std::string>{"adaptive_evolution", "prior_order", "prior_round_robin", "prior_witnesses",
                                        "surrogate_evolution", "forest_evolution"});
  CHECK(registered_strategy("random").name == "random");
  CHECK_THROWS_AS(registered_strategy("auto"), UserError);  // resolved first
}

TEST_CASE("strategy names: auto first, then exhaustive, random and the strong ones", "[strategy]") {
  CHECK(strategy_names() == std::vector<std::string>{"auto", "exhaustive", "random", "adaptive_evolution",
                                                     "genetic_algorithm", "iterated_local_search",
                                                     "simulated_annealing", "prior_order", "prior_round_robin",
                                                     "prior_witnesses", "surrogate_evolution", "forest_evolution"});
}

TEST_CASE("each strategy name makes that strategy: the same points, in order, as its own factory", "[strategy]") {
  using Factory =
      std::unique_ptr<SearchStrategy> (*)(const StrategySpace&, std::optional<std::uint64_t>, std::uint64_t);
  const std::map<std::string, Factory> factories{
      {"exhaustive", [](const StrategySpace& space, std::optional<std::uint64_t> budget,
                        std::uint64_t) { return make_exhaustive(space, budget); }},
      {"random", make_random_sampling},
      {"adaptive_evolution", [](const StrategySpace& space, std::optional<std::uint64_t> budget,
                                std::uint64_t seed) { return make_adaptive_evolution(space, budget, seed, {}); }},
      {"genetic_algorithm", [](const StrategySpace& space, std::optional<std::uint64_t> budget,
                               std::uint64_t seed) { return make_genetic_algorithm(space, budget, seed, {}); }},
      {"iterated_local_search", [](const StrategySpace& space, std::optional<std::uint64_t> budget,
                                   std::uint64_t seed) { return make_iterated_local_search(space, budget, seed, {}); }},
      {"simulated_annealing", [](const StrategySpace& space, std::optional<std::uint64_t> budget,
                                 std::uint64_t seed) { return make_simulated_annealing(space, budget, seed, {}); }},
      {"surrogate_evolution",
       [](const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed) {
         return make_adaptive_evolution(space, budget, seed,
                                        surrogate_settings(AdaptiveEvolutionSettings::Surrogate::gaussian_process));
       }},
      {"forest_evolution",
       [](const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed) {
         return make_adaptive_evolution(space, budget, seed,
                                        surrogate_settings(AdaptiveEvolutionSettings::Surrogate::random_forest));
       }},
  };
  const GridSpace space({6, 5, 4});  // 120 points, a budget of 40: every strategy samples
  const auto cost = testing::bowl({4, 1, 2});
  std::map<std::string, std::vector<Point>> proposed;
  for (const auto& [name, factory] : factories) {
    INFO(name);
    const auto by_name = make_strategy(name, space, 40, 7);
    const auto direct = factory(space, 40, 7);
    proposed[name] = testing::drive(*by_name, space, 40, cost, {4}).proposed;
    CHECK(proposed[name] == testing::drive(*direct, space, 40, cost, {4}).proposed);
  }
  // The test can tell them apart: no two strategies propose the same sequence here.
  for (const auto& [name, points] : proposed) {
    for (const auto& [other, other_points] : proposed) {
      INFO(name << " vs " << other);
      if (name != other) CHECK(points != other_points);
    }
  }
  // auto resolves to one of them: surrogate evolution over a space larger than the budget.
  CHECK(testing::drive(*make_strategy("auto", space, 40, 7), space, 40, cost, {4}).proposed ==
        proposed.at("surrogate_evolution"));
}

TEST_CASE("auto: exhaustive when the space fits the budget, else surrogate evolution", "[strategy]") {
  CHECK(resolve_strategy("auto", BigCount(100), 100) == "exhaustive");
  CHECK(resolve_strategy("auto", BigCount(101), 100) == "surrogate_evolution");
  CHECK(resolve_strategy("auto", BigCount(1000), std::nullopt) == "exhaustive");
  CHECK(resolve_strategy("auto", BigCount(1001), std::nullopt) == "surrogate_evolution");
  CHECK(resolve_strategy("auto", BigCount::parse("4000000000000000000000"), 1000) == "surrogate_evolution");
  CHECK(resolve_strategy("auto", BigCount(101), 100, true) == "prior_witnesses");
  CHECK(resolve_strategy("auto", BigCount(100), 100, true) == "exhaustive");
  CHECK(resolve_strategy("random", BigCount(10), 100, true) == "random");
  CHECK(resolve_strategy("random", BigCount(10), 100) == "random");
  CHECK(resolve_strategy("exhaustive", BigCount(100000), 10) == "exhaustive");
}

TEST_CASE("auto over a small space searches it all in order", "[strategy]") {
  const GridSpace space({4, 3, 2});
  auto strategy = make_strategy("auto", space, 24, 7);
  const auto run = testing::drive(*strategy, space, 24, testing::bowl({1, 1, 1}));
  REQUIRE(run.proposed.size() == 24);
  for (std::uint64_t i = 0; i < 24; ++i) CHECK(run.proposed[i] == space.point_at(BigCount(i)));
}

TEST_CASE("an unknown strategy name is a user error that lists the names", "[strategy]") {
  const GridSpace space({4, 3, 2});
  CHECK_THROWS_AS(make_strategy("bayesian", space, 10, 1), UserError);
  CHECK_THROWS_WITH(make_strategy("bayesian", space, 10, 1),
                    Catch::Contains("bayesian") && Catch::Contains("adaptive_evolution"));
  CHECK_THROWS_AS(make_strategy("", space, 10, 1), UserError);
  CHECK_THROWS_AS(make_strategy("Random", space, 10, 1), UserError);
}

TEST_CASE("sampling strategies without a budget over a space beyond 64 bits are refused", "[strategy]") {
  const GridSpace huge({4000, 1000000000, 1000000000});
  for (const auto& name : strategy_names()) {
    if (name == "exhaustive") continue;
    INFO(name);
    CHECK_THROWS_WITH(make_strategy(name, huge, std::nullopt, 1),
                      Catch::Contains("4000000000000000000000") && Catch::Contains("--budget"));
  }
  // Exhaustive without a budget is allowed (it is lazy).
  CHECK_NOTHROW(make_strategy("exhaustive", huge, std::nullopt, 1));
}
