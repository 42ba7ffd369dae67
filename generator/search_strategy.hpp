#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "big_count.hpp"

namespace policytune {

// A point of a space: the index of its value on each axis.
using Point = std::vector<std::uint64_t>;

// What a strategy searches: axes of ordered values (adjacent indices are adjacent values, so a
// step of one index is a small change) and the restrictions that exclude points. A benchmark's
// %RANGE% lines with its %CONSTRAINT% lines are one; a recorded landscape is another.
class StrategySpace {
public:
  virtual ~StrategySpace() = default;
  // How many values each axis has; every axis has at least one.
  virtual const std::vector<std::uint64_t>& axis_sizes() const = 0;
  // False for a point a restriction excludes: it is never proposed and costs no budget.
  virtual bool allowed(const Point& point) const = 0;

  // The product of axis_sizes(), restricted points included.
  BigCount size() const;
  // Mixed-radix decoding, the last axis fastest (SearchSpace::variant_at's order).
  Point point_at(const BigCount& index) const;
  BigCount index_of(const Point& point) const;
};

// Decides which points to evaluate, asking for results as it goes (ask and tell). Every strategy
// proposes each point at most once, never a restricted one, stops at the budget (distinct points
// proposed), and gives the same sequence for the same seed and the same reported costs.
class SearchStrategy {
public:
  virtual ~SearchStrategy() = default;
  // Up to `at_most` (>= 1) points to evaluate next; empty when done (budget spent, space
  // exhausted). The caller reports every proposed point before it calls propose() again.
  virtual std::vector<Point> propose(std::size_t at_most) = 0;
  // `cost`: lower is better (a time, or base's time over the variant's); nullopt when the point
  // failed (build, run, verification) or could not run: evaluated, never the best.
  virtual void report(const Point& point, std::optional<double> cost) = 0;
};

}  // namespace policytune
