#include "search/strategies/iterated_local_search.hpp"

#include <catch2/catch.hpp>

#include "support/strategy_driver.hpp"

using namespace policytune;
using namespace policytune::testing;

TEST_CASE("iterated_local_search finds the bottom of a bowl", "[strategy]") {
  const GridSpace space({10, 10, 10, 10});
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto strategy = make_iterated_local_search(space, 200, seed);
    const auto run = drive(*strategy, space, 200, bowl({6, 2, 9, 4}));
    REQUIRE(run.best);
    CHECK(*run.best == 1.0);
  }
}

TEST_CASE("iterated_local_search finds the best allowed point around failures and restrictions", "[strategy]") {
  // The bowl's bottom is restricted and its ring fails; the best allowed points cost 3.
  const GridSpace space({12, 12, 12}, [](const Point& p) { return p != Point{5, 5, 5} && index_sum(p) % 3 != 1; });
  const CostFunction cost = with_failures(bowl({5, 5, 5}), [](const Point& p) {
    return index_sum(p) >= 14 && index_sum(p) <= 16 && (p[0] == 5 || p[1] == 5 || p[2] == 5);
  });
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto strategy = make_iterated_local_search(space, 300, seed);
    const auto run = drive(*strategy, space, 300, cost, {1, 4});
    REQUIRE(run.best);
    CHECK(*run.best <= 4.0);
  }
}
