#include "search_strategy.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "search_space.hpp"
#include "support/strategy_driver.hpp"
#include "user_error.hpp"

using namespace policytune;
using policytune::testing::GridSpace;

TEST_CASE("strategy names: auto first, then exhaustive, random and the strong ones", "[strategy]") {
  CHECK(strategy_names() == std::vector<std::string>{"auto", "exhaustive", "random", "adaptive_evolution",
                                                     "genetic_algorithm", "iterated_local_search",
                                                     "simulated_annealing"});
  const GridSpace space({4, 3, 2});
  for (const auto& name : strategy_names()) CHECK_NOTHROW(make_strategy(name, space, 10, 1));
}

TEST_CASE("a space's size, and its points by index in SearchSpace's order", "[strategy]") {
  const GridSpace space({4, 3, 2});
  CHECK(space.size() == BigCount(24));
  CHECK(space.point_at(BigCount(0)) == Point{0, 0, 0});
  CHECK(space.point_at(BigCount(1)) == Point{0, 0, 1});
  CHECK(space.point_at(BigCount(2)) == Point{0, 1, 0});
  CHECK(space.point_at(BigCount(23)) == Point{3, 2, 1});
  for (std::uint64_t i = 0; i < 24; ++i) CHECK(space.index_of(space.point_at(BigCount(i))) == BigCount(i));
  CHECK_THROWS(space.point_at(BigCount(24)));
  CHECK_THROWS(space.index_of(Point{4, 0, 0}));
  CHECK_THROWS(space.index_of(Point{0, 0}));

  // The same order as a benchmark's variants.
  const SearchSpace ranges = parse_search_space(
      "// %RANGE% TUNE_A a 1:4:1\n// %RANGE% TUNE_B b 0:20:10\n// %RANGE% TUNE_C c 0:1:1\n", "small.cu");
  for (std::uint64_t i = 0; i < 24; ++i) {
    const Variant variant = ranges.variant_at(BigCount(i));
    const Point point = space.point_at(BigCount(i));
    for (std::size_t axis = 0; axis < 3; ++axis) {
      CHECK(variant[axis] == ranges.parameters()[axis].value_at(point[axis]));
    }
  }
}

TEST_CASE("sizes and indices beyond 64 bits", "[strategy]") {
  const GridSpace huge({4000, 1000000000, 1000000000});
  CHECK(huge.size().to_string() == "4000000000000000000000");
  const Point last{3999, 999999999, 999999999};
  CHECK(huge.index_of(last).to_string() == "3999999999999999999999");
  CHECK(huge.point_at(huge.index_of(last)) == last);
  CHECK(GridSpace({}).size() == BigCount(1));
  CHECK(GridSpace({}).point_at(BigCount(0)).empty());
}

TEST_CASE("auto: exhaustive when the space fits the budget, else adaptive evolution", "[strategy]") {
  CHECK(resolve_strategy("auto", BigCount(100), 100) == "exhaustive");
  CHECK(resolve_strategy("auto", BigCount(101), 100) == "adaptive_evolution");
  CHECK(resolve_strategy("auto", BigCount(1000), std::nullopt) == "exhaustive");
  CHECK(resolve_strategy("auto", BigCount(1001), std::nullopt) == "adaptive_evolution");
  CHECK(resolve_strategy("auto", BigCount::parse("4000000000000000000000"), 1000) == "adaptive_evolution");
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
