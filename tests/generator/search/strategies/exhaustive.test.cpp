#include "search/strategies/exhaustive.hpp"

#include <catch2/catch.hpp>

#include "support/strategy_driver.hpp"

using namespace policytune;
using namespace policytune::testing;

TEST_CASE("exhaustive visits every allowed point in index order", "[strategy]") {
  const GridSpace space({4, 3, 2});
  for (const auto& batches : std::vector<std::vector<std::size_t>>{{1}, {5}, {64}, {2, 7}}) {
    auto strategy = make_exhaustive(space, std::nullopt);
    const auto run = drive(*strategy, space, std::nullopt, bowl({0, 0, 0}), batches);
    REQUIRE(run.proposed.size() == 24);
    for (std::uint64_t i = 0; i < 24; ++i) CHECK(run.proposed[i] == space.point_at(BigCount(i)));
  }
}

TEST_CASE("exhaustive skips restricted points", "[strategy]") {
  const GridSpace space({4, 3, 2}, [](const Point& p) { return p[0] != 1 && p[2] == 0; });
  auto strategy = make_exhaustive(space, std::nullopt);
  const auto run = drive(*strategy, space, std::nullopt, bowl({0, 0, 0}), {4});
  CHECK(run.proposed ==
        std::vector<Point>{
            {0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {2, 0, 0}, {2, 1, 0}, {2, 2, 0}, {3, 0, 0}, {3, 1, 0}, {3, 2, 0}});
}

TEST_CASE("exhaustive stops at the budget", "[strategy]") {
  const GridSpace space({4, 3, 2});
  SECTION("budget below the size") {
    auto strategy = make_exhaustive(space, 5);
    const auto run = drive(*strategy, space, 5, bowl({0, 0, 0}), {3});
    REQUIRE(run.proposed.size() == 5);
    for (std::uint64_t i = 0; i < 5; ++i) CHECK(run.proposed[i] == space.point_at(BigCount(i)));
  }
  SECTION("budget above the size") {
    auto strategy = make_exhaustive(space, 1000);
    CHECK(drive(*strategy, space, 1000, bowl({0, 0, 0})).proposed.size() == 24);
  }
  SECTION("budget zero") {
    auto strategy = make_exhaustive(space, 0);
    CHECK(strategy->propose(10).empty());
  }
  SECTION("a space beyond 64 bits, budget 3") {
    const GridSpace huge({4000, 1000000000, 1000000000});
    auto strategy = make_exhaustive(huge, 3);
    CHECK(drive(*strategy, huge, 3, bowl({0, 0, 0})).proposed == std::vector<Point>{{0, 0, 0}, {0, 0, 1}, {0, 0, 2}});
  }
}

TEST_CASE("exhaustive of a space without axes proposes its one point", "[strategy]") {
  const GridSpace space({});
  auto strategy = make_exhaustive(space, std::nullopt);
  CHECK(drive(*strategy, space, std::nullopt, bowl({})).proposed == std::vector<Point>{Point{}});
}

TEST_CASE("exhaustive over a huge space that restricts everything ends instead of spinning", "[strategy]") {
  const GridSpace none({1000000000, 1000000000}, [](const Point&) { return false; });
  auto strategy = make_exhaustive(none, std::nullopt);
  CHECK(strategy->propose(1).empty());
  CHECK(strategy->propose(1).empty());
}
