#include "search/strategies/budgeted_strategy.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

#include "support/strategy_driver.hpp"

using namespace policytune;
using namespace policytune::testing;

TEST_CASE("change_axis moves one axis to another value", "[strategy]") {
  RandomGenerator random(1);
  for (int i = 0; i < 200; ++i) {
    Point point{3, 0, 9};
    change_axis(point, 1, 10, 1.0, random);  // adjacent only: from 0 the only way is up
    CHECK(point == Point{3, 1, 9});
    point = Point{3, 5, 9};
    change_axis(point, 1, 10, 1.0, random);
    CHECK((point == Point{3, 4, 9} || point == Point{3, 6, 9}));
    point = Point{3, 5, 9};
    change_axis(point, 1, 10, 0.0, random);  // any other value
    CHECK(point[1] != 5);
    CHECK(point[1] < 10);
  }
}

TEST_CASE("mutate changes as many distinct axes as asked, never an axis of one value", "[strategy]") {
  RandomGenerator random(2);
  const std::vector<std::uint64_t> sizes{4, 1, 7, 1, 2};
  const Point start{1, 0, 3, 0, 1};
  for (std::size_t changes = 0; changes <= 5; ++changes) {
    for (int i = 0; i < 50; ++i) {
      const Point mutant = mutate(start, sizes, changes, 0.5, random);
      std::size_t differ = 0;
      for (std::size_t axis = 0; axis < sizes.size(); ++axis) {
        CHECK(mutant[axis] < sizes[axis]);
        differ += mutant[axis] != start[axis] ? 1 : 0;
      }
      CHECK(differ == std::min<std::size_t>(changes, 3));
    }
  }
}

TEST_CASE("pick_by_rank favours the best", "[strategy]") {
  RandomGenerator random(3);
  std::vector<int> counts(3, 0);
  for (int i = 0; i < 60000; ++i) ++counts[pick_by_rank(3, random)];
  CHECK(counts[0] == Approx(30000).margin(600));  // weights 3:2:1
  CHECK(counts[1] == Approx(20000).margin(600));
  CHECK(counts[2] == Approx(10000).margin(600));
  CHECK(pick_by_rank(1, random) == 0);
}

namespace {

// Wants the same point every time: the base must catch it.
class Careless final : public BudgetedStrategy {
public:
  explicit Careless(const StrategySpace& space) : BudgetedStrategy(space, 10, 1) {}

private:
  std::optional<Point> next_point() override { return Point{0, 0}; }
  void learn(const Point&, double) override {}
};

}  // namespace

TEST_CASE("the base refuses a repeated point and results it did not ask for", "[strategy]") {
  const GridSpace space({3, 3});
  Careless strategy(space);
  CHECK_THROWS_AS(strategy.propose(2), std::logic_error);
  Careless other(space);
  CHECK_THROWS_AS(other.report(Point{1, 1}, 1.0), std::logic_error);
}
