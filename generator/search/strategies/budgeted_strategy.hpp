#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "search/search_strategy.hpp"
#include "search/strategies/random_generator.hpp"
#include "search/strategies/unseen_points.hpp"

namespace policytune {

// What the strategies share: the budget, the memory of every point proposed and how it did (so a
// strategy that comes back to a known point pays nothing), and a source of random unseen points.
// A strategy says which point it wants next; this class keeps the promises of SearchStrategy:
// never over budget, never a restricted or repeated point, at least one point per round while
// budget and unseen points last.
class BudgetedStrategy : public SearchStrategy {
public:
  std::vector<Point> propose(std::size_t at_most) final;
  void report(const Point& point, std::optional<double> cost) final;

protected:
  static constexpr double kFailed = std::numeric_limits<double>::infinity();
  // Neighbours tried per proposal, known ones stepped through, before a random point is taken.
  static constexpr int kNeighbourTries = 200;

  BudgetedStrategy(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed);

  // The point the strategy wants evaluated next (allowed, not known()), or nullopt when it wants
  // nothing more until the results of this round are in. A round that would stay empty proposes a
  // random unseen point instead.
  virtual std::optional<Point> next_point() = 0;
  // The result of a point this strategy proposed: its cost, kFailed for a failure.
  virtual void learn(const Point& point, double cost) = 0;

  const StrategySpace& space() const { return space_; }
  RandomGenerator& random() { return random_; }
  // Proposed before, whether its result is in or not.
  bool known(const Point& point) const { return costs_.count(point) != 0 || pending_.count(point) != 0; }
  // The reported cost of a point, or nullopt when it is unknown or pending.
  std::optional<double> cost_of(const Point& point) const;
  // A uniformly random allowed point not proposed yet; nullopt when none is left.
  std::optional<Point> random_unseen_point();
  // The first allowed point of `ranking` from `cursor` on that was not proposed yet, `cursor` moved
  // past it; nullopt when the ranking is spent.
  std::optional<Point> next_unseen_in(const std::vector<Point>& ranking, std::size_t& cursor) const;
  // Distinct points proposed so far, and how many the budget allows (nullopt: no limit).
  std::uint64_t proposed() const { return proposed_; }
  std::optional<std::uint64_t> budget() const { return budget_; }
  // The reported results, by point.
  const std::map<Point, double>& costs() const { return costs_; }

private:
  const StrategySpace& space_;
  std::optional<std::uint64_t> budget_;
  RandomGenerator random_;
  UnseenPoints unseen_;
  std::map<Point, double> costs_;
  std::set<Point> pending_;
  std::uint64_t proposed_ = 0;
  bool done_ = false;
};

// Moves one axis of `point` to the next value up or down (with chance `adjacent`), else to any
// other value, uniformly. The axis has at least two values.
void change_axis(Point& point, std::size_t axis, std::uint64_t axis_size, double adjacent, RandomGenerator& random);

// A random point near `point`: `changes` distinct axes of more than one value (fewer if the space
// has fewer) change as change_axis() does. It may be restricted or known; the caller checks.
Point mutate(const Point& point, const std::vector<std::uint64_t>& axis_sizes, std::size_t changes, double adjacent,
             RandomGenerator& random);

// Index 0 to n - 1 with weights n, n - 1, ..., 1: rank selection, the best (index 0) likeliest.
std::size_t pick_by_rank(std::size_t n, RandomGenerator& random);

}  // namespace policytune
