#include "search/strategies/prior_round_robin.hpp"

#include <catch2/catch.hpp>

#include "support/strategy_driver.hpp"

using namespace policytune;
using namespace policytune::testing;

TEST_CASE("prior_round_robin takes each source's best in turn, then each one's second best", "[strategy][prior]") {
  const GridSpace space({4, 4}, [](const Point& p) { return p != Point{3, 3}; });
  SearchPrior prior;
  prior.add_source({{{2, 1}, 1.0}, {{3, 3}, 0.5}, {{0, 0}, 2.0}, {{1, 2}, std::nullopt}});
  prior.add_source({{{0, 0}, 1.0}, {{1, 1}, 2.0}, {{2, 2}, 3.0}});
  auto strategy = make_prior_round_robin(space, 16, 3, &prior);
  const auto run = drive(*strategy, space, 16, bowl({0, 0}));
  REQUIRE(run.proposed.size() == 15);  // every allowed point
  // Source 1: {2,1}, ({3,3} restricted), {0,0}, {1,2}; source 2: {0,0}, {1,1}, {2,2}.
  CHECK(run.proposed[0] == Point{2, 1});
  CHECK(run.proposed[1] == Point{0, 0});
  CHECK(run.proposed[2] == Point{1, 2});  // source 1's {0,0} was proposed: its next
  CHECK(run.proposed[3] == Point{1, 1});
  CHECK(run.proposed[4] == Point{2, 2});  // source 1 is spent
}

TEST_CASE("prior_round_robin without a prior samples at random", "[strategy][prior]") {
  const GridSpace space({5, 5});
  auto strategy = make_prior_round_robin(space, 10, 3, nullptr);
  CHECK(drive(*strategy, space, 10, bowl({0, 0})).proposed.size() == 10);
}
