#include "search/strategies/prior_order.hpp"

#include <catch2/catch.hpp>

#include "support/strategy_driver.hpp"

using namespace policytune;
using namespace policytune::testing;

TEST_CASE("prior_order proposes the prior's best points first, skipping restricted ones", "[strategy][prior]") {
  const GridSpace space({4, 4}, [](const Point& p) { return p != Point{3, 3}; });
  SearchPrior prior;
  prior.add_source({{{2, 1}, 1.0}, {{3, 3}, 0.5}, {{0, 0}, 2.0}, {{1, 2}, std::nullopt}});
  auto strategy = make_prior_order(space, 16, 3, &prior);
  const auto run = drive(*strategy, space, 16, bowl({0, 0}));
  REQUIRE(run.proposed.size() == 15);  // every allowed point, the prior's first
  CHECK(run.proposed[0] == Point{2, 1});
  CHECK(run.proposed[1] == Point{0, 0});
  CHECK(run.proposed[2] == Point{1, 2});
}

TEST_CASE("prior_order without a prior samples at random", "[strategy][prior]") {
  const GridSpace space({5, 5});
  auto strategy = make_prior_order(space, 10, 3, nullptr);
  CHECK(drive(*strategy, space, 10, bowl({0, 0})).proposed.size() == 10);
}
