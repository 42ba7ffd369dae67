#pragma once

// The promises every strategy keeps (SearchStrategy's contract), checked for every registered
// strategy by tests/generator/search/search_strategy.test.cpp: registering one is enough to test it.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/user_error.hpp"
#include "search/strategy_registry.hpp"
#include "support/strategy_driver.hpp"

namespace policytune::testing {

inline std::unique_ptr<SearchStrategy> strategy_named(const std::string& name, const StrategySpace& space,
                                                      std::optional<std::uint64_t> budget, std::uint64_t seed) {
  return make_strategy(name, space, budget, seed);
}

// Batch patterns: one at a time, parallel builds, and uneven rounds.
inline const std::vector<std::vector<std::size_t>>& batch_patterns() {
  static const std::vector<std::vector<std::size_t>> patterns{{1}, {8}, {64}, {1, 5, 64, 2, 17}};
  return patterns;
}

inline void check_strategy_contract(const RegisteredStrategy& registered) {
  const std::string& name = registered.name;
  // 20^3 points of which one in ten is allowed; one in seven allowed ones fails.
  const GridSpace mostly_restricted({20, 20, 20}, [](const Point& p) { return index_sum(p) % 10 == 0; });
  const CostFunction cost = with_failures(bowl({7, 3, 10}), [](const Point& p) { return (p[0] + 2 * p[1]) % 7 == 0; });

  SECTION("never over the budget, and exactly the budget while allowed points last") {
    for (const std::uint64_t budget : {0, 1, 7, 99, 300}) {
      for (const auto& batches : batch_patterns()) {
        INFO("budget " << budget << ", batch " << batches.front());
        auto strategy = strategy_named(name, mostly_restricted, budget, 3);
        const auto run = drive(*strategy, mostly_restricted, budget, cost, batches);
        CHECK(run.proposed.size() == budget);
      }
    }
  }

  SECTION("a space smaller than the budget: every allowed point once, then done") {
    const GridSpace small({3, 4, 5}, [](const Point& p) { return index_sum(p) % 2 == 0; });
    const auto everything = allowed_points(small);
    REQUIRE(everything.size() == 30);
    for (const std::optional<std::uint64_t> budget :
         {std::optional<std::uint64_t>{1000}, std::optional<std::uint64_t>{}}) {
      for (const auto& batches : batch_patterns()) {
        auto strategy = strategy_named(name, small, budget, 11);
        const auto run = drive(*strategy, small, budget,
                               with_failures(bowl({1, 2, 3}), [](const Point& p) { return p[0] == 2; }), batches);
        CHECK(std::set<Point>(run.proposed.begin(), run.proposed.end()) == everything);
      }
    }
  }

  SECTION("same seed, same sequence; another seed, another sequence") {
    for (const auto& batches : batch_patterns()) {
      INFO("batch " << batches.front());
      auto first = strategy_named(name, mostly_restricted, 120, 42);
      auto again = strategy_named(name, mostly_restricted, 120, 42);
      auto other = strategy_named(name, mostly_restricted, 120, 43);
      const auto a = drive(*first, mostly_restricted, 120, cost, batches).proposed;
      const auto b = drive(*again, mostly_restricted, 120, cost, batches).proposed;
      const auto c = drive(*other, mostly_restricted, 120, cost, batches).proposed;
      CHECK(a == b);
      if (registered.samples) CHECK(a != c);  // an exhaustive walk has no seed
    }
  }

  SECTION("a huge space (1e11 points, 90% restricted, axes of one value)") {
    const GridSpace huge({100000, 1, 1000, 1, 1000}, [](const Point& p) { return index_sum(p) % 10 == 3; });
    REQUIRE(huge.size() == BigCount(100000000000));
    const CostFunction far = with_failures(bowl({50000, 0, 500, 0, 500}), [](const Point& p) { return p[2] % 5 == 0; });
    for (const auto& batches : batch_patterns()) {
      auto strategy = strategy_named(name, huge, 400, 5);
      CHECK(drive(*strategy, huge, 400, far, batches).proposed.size() == 400);
    }
  }

  SECTION("a space beyond 64 bits") {
    const GridSpace beyond({4000, 1000000000, 1000000000});
    REQUIRE_FALSE(beyond.size().fits_u64());
    auto strategy = strategy_named(name, beyond, 200, 5);
    CHECK(drive(*strategy, beyond, 200, bowl({2000, 500000000, 500000000}), {1, 16}).proposed.size() == 200);
    // A sampler remembers every point it proposed: without a budget it could never end there.
    if (registered.samples) CHECK_THROWS_AS(strategy_named(name, beyond, std::nullopt, 5), UserError);
  }

  SECTION("every point failing") {
    auto strategy = strategy_named(name, mostly_restricted, 50, 9);
    const auto run = drive(*strategy, mostly_restricted, 50, [](const Point&) { return std::nullopt; }, {1, 4});
    CHECK(run.proposed.size() == 50);
  }

  SECTION("a single point, and no allowed point at all") {
    const GridSpace single({1, 1, 1});
    auto strategy = strategy_named(name, single, 10, 1);
    CHECK(drive(*strategy, single, 10, bowl({0, 0, 0})).proposed == std::vector<Point>{{0, 0, 0}});
    const GridSpace none({1000000, 1000000}, [](const Point&) { return false; });
    auto nothing = strategy_named(name, none, 10, 1);
    CHECK(nothing->propose(8).empty());
    const GridSpace no_axes({});
    auto only = strategy_named(name, no_axes, std::nullopt, 1);
    CHECK(drive(*only, no_axes, std::nullopt, bowl({})).proposed == std::vector<Point>{Point{}});
  }
}

}  // namespace policytune::testing
