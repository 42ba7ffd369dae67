// SearchStrategy's contract (propose at most what is asked, each point once, never a restricted
// one, stop at the budget, the same sequence for the same seed), checked through every strategy
// the registry holds (tests/support/strategy_contract.hpp).
#include "search/search_strategy.hpp"

#include <catch2/catch.hpp>

#include "search/strategy_registry.hpp"
#include "support/strategy_contract.hpp"

using namespace policytune;
using policytune::testing::GridSpace;

TEST_CASE("every registered strategy keeps every strategy's promises", "[strategy]") {
  for (const RegisteredStrategy& strategy : registered_strategies()) {
    DYNAMIC_SECTION(strategy.name) { testing::check_strategy_contract(strategy); }
  }
}

TEST_CASE("a strategy proposes nothing more once every point was reported", "[strategy][search_strategy]") {
  const GridSpace space({2, 3});
  for (const RegisteredStrategy& registered : registered_strategies()) {
    INFO(registered.name);
    auto strategy = registered.make(space, std::nullopt, 1, nullptr);
    std::size_t proposed = 0;
    for (std::vector<Point> points; !(points = strategy->propose(4)).empty();) {
      CHECK(points.size() <= 4);
      for (const Point& point : points) strategy->report(point, 1.0 + static_cast<double>(point[0] + point[1]));
      proposed += points.size();
    }
    CHECK(proposed == 6);
    CHECK(strategy->propose(1).empty());
  }
}
