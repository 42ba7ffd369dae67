#include "search/strategies/unseen_points.hpp"

#include <catch2/catch.hpp>

#include <set>

#include "support/strategy_driver.hpp"

using namespace policytune;
using namespace policytune::testing;

TEST_CASE("a small space yields every allowed unseen point once, then nothing", "[strategy]") {
  const GridSpace space({5, 4, 3}, [](const Point& p) { return p[1] != 2; });
  UnseenPoints unseen(space);
  RandomGenerator random(1);
  const std::set<Point> seen_before{{0, 0, 0}, {4, 3, 2}};
  std::set<Point> drawn;
  while (const auto point = unseen.next(random, [&](const Point& p) { return seen_before.count(p) != 0; })) {
    REQUIRE(space.allowed(*point));
    REQUIRE(seen_before.count(*point) == 0);
    REQUIRE(drawn.insert(*point).second);
  }
  CHECK(drawn.size() == 45 - 2);
  CHECK_FALSE(unseen.next(random, [](const Point&) { return false; }));
}

TEST_CASE("a large space is sampled with rejection and given up when nothing is left to find", "[strategy]") {
  const GridSpace space({1000000, 1000000}, [](const Point& p) { return p[0] % 10 == 0; });
  UnseenPoints unseen(space);
  RandomGenerator random(2);
  for (int i = 0; i < 100; ++i) {
    const auto point = unseen.next(random, [](const Point&) { return false; });
    REQUIRE(point);
    CHECK(point->at(0) % 10 == 0);
  }
  // Everything seen: it ends instead of spinning.
  CHECK_FALSE(unseen.next(random, [](const Point&) { return true; }));
  CHECK_FALSE(unseen.next(random, [](const Point&) { return false; }));
}
