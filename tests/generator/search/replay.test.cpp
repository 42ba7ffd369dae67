#include "search/replay.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "core/user_error.hpp"
#include "search/strategy_registry.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::kPnpolyLandscape;
using testing::kTinyLandscape;

namespace {}  // namespace

TEST_CASE("exhaustive replay: the fraction of the optimum found within each budget", "[replay]") {
  const Landscape tiny = Landscape::read(kTinyLandscape);
  // In index order: 32,0 (2.0), 32,1 (failed), 64,0 (1.0, the best), 64,1 (failed), 128,0 (4.0).
  CHECK(replay_once(tiny, "exhaustive", 1, 1, 1) == 0.5);
  CHECK(replay_once(tiny, "exhaustive", 2, 1, 1) == 0.5);  // a failure is never the best
  CHECK(replay_once(tiny, "exhaustive", 3, 1, 1) == 1.0);
  CHECK(replay_once(tiny, "exhaustive", 4, 1, 4) == 1.0);

  ReplayOptions options;
  options.strategy = "exhaustive";
  options.budgets = {1, 3, 100};
  options.repeats = 3;
  const auto results = replay(tiny, options);
  REQUIRE(results.size() == 3);
  CHECK(results[0].budget == 1);
  CHECK(results[0].mean_fraction == 0.5);
  CHECK(results[1].mean_fraction == 1.0);
  CHECK(results[2].mean_fraction == 1.0);
}

TEST_CASE("random replay of one evaluation averages the fractions of the allowed configurations", "[replay]") {
  // 32,0: 0.5; 32,1 and 64,1 failed: 0; 64,0: 1; 128,0: 0.25. Uniform over the five: 0.35.
  const Landscape tiny = Landscape::read(kTinyLandscape);
  ReplayOptions options;
  options.strategy = "random";
  options.budgets = {1};
  options.repeats = 4000;
  CHECK(replay(tiny, options).front().mean_fraction == Approx(0.35).margin(0.015));
}

TEST_CASE("every strategy replays a real landscape, within its budget, with batches", "[replay]") {
  const Landscape pnpoly = Landscape::read(kPnpolyLandscape);
  for (const auto& name : strategy_names()) {
    for (const std::size_t batch : {1, 7, 64}) {
      INFO(name << ", batch " << batch);
      const double fraction = replay_once(pnpoly, name, 150, 5, batch);
      CHECK(fraction > 0.0);
      CHECK(fraction <= 1.0);
    }
  }
  // The whole space within the budget: every strategy finds the optimum.
  const Landscape tiny = Landscape::read(kTinyLandscape);
  for (const auto& name : strategy_names()) CHECK(replay_once(tiny, name, 100, 1, 3) == 1.0);
}

TEST_CASE("replay is deterministic for a seed", "[replay]") {
  const Landscape pnpoly = Landscape::read(kPnpolyLandscape);
  ReplayOptions options;
  options.budgets = {20, 40};
  options.repeats = 5;
  options.seed = 9;
  const auto first = replay(pnpoly, options);
  const auto again = replay(pnpoly, options);
  REQUIRE(first.size() == 2);
  CHECK(first[0].mean_fraction == again[0].mean_fraction);
  CHECK(first[1].mean_fraction == again[1].mean_fraction);
}

TEST_CASE("replay of an unknown strategy is a user error", "[replay]") {
  const Landscape tiny = Landscape::read(kTinyLandscape);
  ReplayOptions options;
  options.strategy = "bayesian";
  CHECK_THROWS_AS(replay(tiny, options), UserError);
}

TEST_CASE("a landscape of another device is a prior, matched by parameter name and value", "[replay][prior]") {
  const Landscape tiny = Landscape::read(kTinyLandscape);
  const std::string other_file = POLICYTUNE_TEST_DATA "/landscapes/tiny_other_device.json";
  const SearchPrior prior = landscape_prior(tiny, {Landscape::read(other_file)}, {other_file});
  // tiny's points: block_size_x 32, 64, 128 (0, 1, 2), unroll 0, 1. 256 is not in tiny's space;
  // ranks among the four that are: 128 fastest, then 64, 32, and 32 unrolled failed.
  CHECK(prior.sources() == 1);
  CHECK(prior.ranked() == std::vector<Point>{{2, 0}, {1, 0}, {0, 0}, {0, 1}});
  CHECK(*prior.score({2, 0}) == 1.0);
  CHECK(*prior.score({0, 1}) == 0.0);

  // The naive transfer proposes them in that order: 128 first (0.25 of the optimum), then 64.
  CHECK(replay_once(tiny, "prior_order", 1, 1, 1, &prior) == 0.25);
  CHECK(replay_once(tiny, "prior_order", 2, 1, 1, &prior) == 1.0);
  // A strategy that takes no prior ignores it; one that does starts from the prior's best.
  CHECK(replay_once(tiny, "exhaustive", 1, 1, 1, &prior) == 0.5);
  CHECK(replay_once(tiny, "adaptive_evolution", 1, 1, 1, &prior) == 0.25);

  const std::string pnpoly_file = kPnpolyLandscape;
  CHECK_THROWS_WITH(landscape_prior(tiny, {Landscape::read(pnpoly_file)}, {pnpoly_file}),
                    Catch::Contains("RTX_3090__pnpoly.json.gz: its parameters are not those of the landscape replayed "
                                    "(block_size_x, unroll)"));
}
