#pragma once

// Test spaces and a driver that runs a search strategy to its end, checking the promises every
// strategy makes on every round (tests/generator/search/search_strategy.test.cpp, strategies/*.test.cpp).

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "search/search_strategy.hpp"

namespace policytune::testing {

// Axes of the given sizes; `allowed` (default: everything) restricts points.
class GridSpace final : public StrategySpace {
public:
  explicit GridSpace(std::vector<std::uint64_t> sizes, std::function<bool(const Point&)> allowed = nullptr)
      : sizes_(std::move(sizes)), allowed_(std::move(allowed)) {}
  const std::vector<std::uint64_t>& axis_sizes() const override { return sizes_; }
  bool allowed(const Point& point) const override { return !allowed_ || allowed_(point); }

private:
  std::vector<std::uint64_t> sizes_;
  std::function<bool(const Point&)> allowed_;
};

// nullopt: the point failed.
using CostFunction = std::function<std::optional<double>(const Point&)>;

// A bowl: 1 + squared distance in index steps from `target`; lowest (1) at the target.
inline CostFunction bowl(Point target) {
  return [target = std::move(target)](const Point& point) -> std::optional<double> {
    double cost = 1;
    for (std::size_t axis = 0; axis < point.size(); ++axis) {
      const double step = static_cast<double>(point[axis]) - static_cast<double>(target[axis]);
      cost += step * step;
    }
    return cost;
  };
}

// `cost`, except that points for which `fails` holds fail.
inline CostFunction with_failures(CostFunction cost, std::function<bool(const Point&)> fails) {
  return [cost = std::move(cost), fails = std::move(fails)](const Point& point) -> std::optional<double> {
    if (fails(point)) return std::nullopt;
    return cost(point);
  };
}

inline std::uint64_t index_sum(const Point& point) {
  std::uint64_t sum = 0;
  for (const std::uint64_t index : point) sum += index;
  return sum;
}

struct DriveResult {
  std::vector<Point> proposed;  // in order
  std::optional<double> best;   // the lowest cost reported
};

// Runs `strategy` until it proposes nothing, asking for batches[round % size] points per round and
// reporting `cost` for each. Checks on every round: no more than asked, at least one unless done,
// allowed, never proposed before, never over `budget`; and once done, done for good.
inline DriveResult drive(SearchStrategy& strategy, const StrategySpace& space, std::optional<std::uint64_t> budget,
                         const CostFunction& cost, const std::vector<std::size_t>& batches = {1},
                         std::size_t cap = std::size_t{1} << 20) {
  DriveResult result;
  std::set<Point> seen;
  for (std::size_t round = 0;; ++round) {
    const std::size_t at_most = batches[round % batches.size()];
    const std::vector<Point> points = strategy.propose(at_most);
    REQUIRE(points.size() <= at_most);
    if (points.empty()) break;
    for (const Point& point : points) {
      REQUIRE(point.size() == space.axis_sizes().size());
      for (std::size_t axis = 0; axis < point.size(); ++axis) REQUIRE(point[axis] < space.axis_sizes()[axis]);
      REQUIRE(space.allowed(point));
      REQUIRE(seen.insert(point).second);
      result.proposed.push_back(point);
    }
    if (budget) REQUIRE(result.proposed.size() <= *budget);
    REQUIRE(result.proposed.size() <= cap);
    for (const Point& point : points) {
      const std::optional<double> value = cost(point);
      if (value && (!result.best || *value < *result.best)) result.best = value;
      strategy.report(point, value);
    }
  }
  CHECK(strategy.propose(1).empty());
  CHECK(strategy.propose(64).empty());
  return result;
}

// Every allowed point of a small space.
inline std::set<Point> allowed_points(const StrategySpace& space) {
  std::set<Point> points;
  const BigCount size = space.size();
  for (BigCount index; index < size; index = index + BigCount(1)) {
    Point point = space.point_at(index);
    if (space.allowed(point)) points.insert(std::move(point));
  }
  return points;
}

}  // namespace policytune::testing
