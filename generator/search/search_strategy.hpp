#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "space/strategy_space.hpp"

namespace policytune {

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
