#include "search/strategies/adaptive_evolution.hpp"

#include <catch2/catch.hpp>

#include "support/strategy_driver.hpp"

using namespace policytune;
using namespace policytune::testing;

TEST_CASE("adaptive_evolution finds the bottom of a bowl", "[strategy]") {
  const GridSpace space({10, 10, 10, 10});
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto strategy = make_adaptive_evolution(space, 200, seed);
    const auto run = drive(*strategy, space, 200, bowl({6, 2, 9, 4}));
    REQUIRE(run.best);
    CHECK(*run.best == 1.0);
  }
}

TEST_CASE("adaptive_evolution finds the best allowed point around failures and restrictions", "[strategy]") {
  // The bowl's bottom is restricted and its ring fails; the best allowed points cost 3.
  const GridSpace space({12, 12, 12}, [](const Point& p) { return p != Point{5, 5, 5} && index_sum(p) % 3 != 1; });
  const CostFunction cost = with_failures(bowl({5, 5, 5}), [](const Point& p) {
    return index_sum(p) >= 14 && index_sum(p) <= 16 && (p[0] == 5 || p[1] == 5 || p[2] == 5);
  });
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto strategy = make_adaptive_evolution(space, 300, seed);
    const auto run = drive(*strategy, space, 300, cost, {1, 4});
    REQUIRE(run.best);
    CHECK(*run.best <= 4.0);
  }
}

namespace {

// A prior from a device whose landscape is the bowl around `target`, measured everywhere.
SearchPrior bowl_prior(const StrategySpace& space, const Point& target) {
  std::vector<std::pair<Point, std::optional<double>>> results;
  const CostFunction cost = bowl(target);
  for (const Point& point : allowed_points(space)) results.emplace_back(point, cost(point));
  SearchPrior prior;
  prior.add_source(results);
  return prior;
}

}  // namespace

TEST_CASE("adaptive_evolution starts from a good prior's best points", "[strategy][prior]") {
  const GridSpace space({10, 10, 10, 10});
  const SearchPrior prior = bowl_prior(space, {6, 2, 9, 4});
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto strategy = make_adaptive_evolution(space, 10, seed, {}, &prior);
    const auto run = drive(*strategy, space, 10, bowl({6, 2, 9, 4}));
    CHECK(run.proposed.front() == Point{6, 2, 9, 4});
  }
}

TEST_CASE("adaptive_evolution with a misleading prior still finds the bottom of a bowl", "[strategy][prior]") {
  // The prior points at the far corner: its agreement turns negative and it stops steering.
  const GridSpace space({10, 10, 10, 10});
  const SearchPrior prior = bowl_prior(space, {0, 9, 0, 9});
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto strategy = make_adaptive_evolution(space, 250, seed, {}, &prior);
    const auto run = drive(*strategy, space, 250, bowl({6, 2, 9, 4}));
    REQUIRE(run.best);
    CHECK(*run.best == 1.0);
  }
}

TEST_CASE("adaptive_evolution with a prior gives the same search for the same seed", "[strategy][prior]") {
  const GridSpace space({8, 8, 8});
  const SearchPrior prior = bowl_prior(space, {3, 4, 5});
  const auto first = drive(*make_adaptive_evolution(space, 60, 11, {}, &prior), space, 60, bowl({2, 4, 6}));
  const auto second = drive(*make_adaptive_evolution(space, 60, 11, {}, &prior), space, 60, bowl({2, 4, 6}));
  CHECK(first.proposed == second.proposed);
}

TEST_CASE("adaptive_evolution guided by a surrogate finds the bottom of a bowl", "[strategy][surrogate]") {
  const GridSpace space({10, 10, 10, 10});
  AdaptiveEvolutionSettings settings;
  settings.surrogate = AdaptiveEvolutionSettings::Surrogate::gaussian_process;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto strategy = make_adaptive_evolution(space, 200, seed, settings);
    const auto run = drive(*strategy, space, 200, bowl({6, 2, 9, 4}), {1, 3});
    REQUIRE(run.best);
    CHECK(*run.best == 1.0);
  }
}

TEST_CASE("adaptive_evolution guided by a random forest finds the bottom of a bowl", "[strategy][surrogate]") {
  const GridSpace space({10, 10, 10, 10});
  const auto settings = surrogate_settings(AdaptiveEvolutionSettings::Surrogate::random_forest);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto strategy = make_adaptive_evolution(space, 200, seed, settings);
    const auto run = drive(*strategy, space, 200, bowl({6, 2, 9, 4}), {1, 3});
    REQUIRE(run.best);
    CHECK(*run.best == 1.0);
  }
}

TEST_CASE("adaptive_evolution guided by a random forest gives the same search for the same seed",
          "[strategy][surrogate]") {
  const GridSpace space({8, 8, 8});
  const auto settings = surrogate_settings(AdaptiveEvolutionSettings::Surrogate::random_forest);
  const auto first = drive(*make_adaptive_evolution(space, 60, 11, settings), space, 60, bowl({2, 4, 6}), {2});
  const auto second = drive(*make_adaptive_evolution(space, 60, 11, settings), space, 60, bowl({2, 4, 6}), {2});
  CHECK(first.proposed == second.proposed);
  const auto other = drive(*make_adaptive_evolution(space, 60, 12, settings), space, 60, bowl({2, 4, 6}), {2});
  CHECK(first.proposed != other.proposed);
}

TEST_CASE("adaptive_evolution whose surrogate never picks a mutant is the search without one",
          "[strategy][surrogate]") {
  // With random restarts and a chance of 0 the model is fitted but never consulted.
  const GridSpace space({8, 8, 8});
  AdaptiveEvolutionSettings settings;
  settings.surrogate = AdaptiveEvolutionSettings::Surrogate::gaussian_process;
  settings.surrogate_samples = 1;
  settings.surrogate_chance = 0;
  const auto without = drive(*make_adaptive_evolution(space, 80, 5), space, 80, bowl({2, 4, 6}), {2});
  const auto never = drive(*make_adaptive_evolution(space, 80, 5, settings), space, 80, bowl({2, 4, 6}), {2});
  CHECK(never.proposed == without.proposed);
  settings.surrogate_chance = 1;
  const auto always = drive(*make_adaptive_evolution(space, 80, 5, settings), space, 80, bowl({2, 4, 6}), {2});
  CHECK(always.proposed != without.proposed);
}

TEST_CASE("adaptive_evolution whose surrogate picks half the mutants finds the bottom of a bowl",
          "[strategy][surrogate]") {
  const GridSpace space({10, 10, 10, 10});
  const auto settings = surrogate_settings(AdaptiveEvolutionSettings::Surrogate::gaussian_process);
  REQUIRE(settings.surrogate_chance == 0.5);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto strategy = make_adaptive_evolution(space, 200, seed, settings);
    const auto run = drive(*strategy, space, 200, bowl({6, 2, 9, 4}), {1, 3});
    REQUIRE(run.best);
    CHECK(*run.best == 1.0);
  }
}
