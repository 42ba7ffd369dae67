#include "search/strategies/random_sampling.hpp"

#include <catch2/catch.hpp>

#include <set>

#include "support/strategy_driver.hpp"

using namespace policytune;
using namespace policytune::testing;

TEST_CASE("random covers the whole space when the budget allows, in no fixed order", "[strategy]") {
  const GridSpace space({4, 3, 2});
  for (const std::optional<std::uint64_t> budget :
       {std::optional<std::uint64_t>{}, std::optional<std::uint64_t>{24}, std::optional<std::uint64_t>{1000}}) {
    auto strategy = make_random_sampling(space, budget, 7);
    const auto run = drive(*strategy, space, budget, bowl({0, 0, 0}));
    REQUIRE(run.proposed.size() == 24);
    std::vector<Point> in_order;
    for (std::uint64_t i = 0; i < 24; ++i) in_order.push_back(space.point_at(BigCount(i)));
    CHECK(run.proposed != in_order);
  }
}

TEST_CASE("random on a space too large to shuffle samples with rejection, deterministically", "[strategy]") {
  // 2^21 * 2 points: over the whole-shuffle limit.
  const GridSpace space({2097152, 2}, [](const Point& p) { return p[0] % 3 != 0; });
  const auto first = drive(*make_random_sampling(space, 500, 99), space, 500, bowl({0, 0})).proposed;
  const auto again = drive(*make_random_sampling(space, 500, 99), space, 500, bowl({0, 0})).proposed;
  const auto other = drive(*make_random_sampling(space, 500, 100), space, 500, bowl({0, 0})).proposed;
  REQUIRE(first.size() == 500);
  CHECK(first == again);
  CHECK(first != other);
}

TEST_CASE("random samples a space beyond 64 bits uniformly", "[strategy]") {
  const GridSpace space({4000, 1000000000, 1000000000});
  auto strategy = make_random_sampling(space, 1000, 5);
  const auto run = drive(*strategy, space, 1000, bowl({0, 0, 0}));
  REQUIRE(run.proposed.size() == 1000);
  // Uniform over 4e21 points: almost every index lies beyond 2^64 (1.8e19).
  std::size_t beyond = 0;
  for (const auto& point : run.proposed) beyond += space.index_of(point).fits_u64() ? 0 : 1;
  CHECK(beyond > 990);
}
