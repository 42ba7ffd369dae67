#include "search/strategies/budgeted_strategy.hpp"

#include <cmath>
#include <stdexcept>

namespace policytune {

BudgetedStrategy::BudgetedStrategy(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed)
    : space_(space), budget_(budget), random_(seed), unseen_(space) {}

std::vector<Point> BudgetedStrategy::propose(std::size_t at_most) {
  std::vector<Point> batch;
  if (!pending_.empty()) throw std::logic_error("propose() before every proposed point was reported");
  while (!done_ && batch.size() < at_most && (!budget_ || proposed_ < *budget_)) {
    std::optional<Point> point = next_point();
    if (!point) {
      if (!batch.empty()) break;
      point = random_unseen_point();
      if (!point) {
        done_ = true;
        break;
      }
    }
    if (!space_.allowed(*point) || known(*point))
      throw std::logic_error("a strategy proposed a restricted or known point");
    pending_.insert(*point);
    ++proposed_;
    batch.push_back(std::move(*point));
  }
  return batch;
}

void BudgetedStrategy::report(const Point& point, std::optional<double> cost) {
  if (pending_.erase(point) == 0) throw std::logic_error("report() of a point that was not proposed");
  const double value = cost && !std::isnan(*cost) ? *cost : kFailed;
  costs_.emplace(point, value);
  learn(point, value);
}

std::optional<double> BudgetedStrategy::cost_of(const Point& point) const {
  const auto found = costs_.find(point);
  if (found == costs_.end()) return std::nullopt;
  return found->second;
}

std::optional<Point> BudgetedStrategy::random_unseen_point() {
  return unseen_.next(random_, [this](const Point& point) { return known(point); });
}

std::optional<Point> BudgetedStrategy::next_unseen_in(const std::vector<Point>& ranking, std::size_t& cursor) const {
  while (cursor < ranking.size()) {
    const Point& point = ranking[cursor++];
    if (space_.allowed(point) && !known(point)) return point;
  }
  return std::nullopt;
}

void change_axis(Point& point, std::size_t axis, std::uint64_t axis_size, double adjacent, RandomGenerator& random) {
  const std::uint64_t here = point[axis];
  if (random.chance(adjacent)) {
    const bool up = here == 0 || (here + 1 < axis_size && random.below(2) == 1);
    point[axis] = up ? here + 1 : here - 1;
  } else {
    const std::uint64_t other = random.below(axis_size - 1);  // any value but `here`
    point[axis] = other < here ? other : other + 1;
  }
}

Point mutate(const Point& point, const std::vector<std::uint64_t>& axis_sizes, std::size_t changes, double adjacent,
             RandomGenerator& random) {
  std::vector<std::size_t> free_axes;
  for (std::size_t axis = 0; axis < axis_sizes.size(); ++axis) {
    if (axis_sizes[axis] > 1) free_axes.push_back(axis);
  }
  Point result = point;
  for (std::size_t change = 0; change < changes && !free_axes.empty(); ++change) {
    // Each change takes an axis not changed yet.
    const std::size_t pick = random.below(free_axes.size());
    const std::size_t axis = free_axes[pick];
    free_axes[pick] = free_axes.back();
    free_axes.pop_back();
    change_axis(result, axis, axis_sizes[axis], adjacent, random);
  }
  return result;
}

std::size_t pick_by_rank(std::size_t n, RandomGenerator& random) {
  std::uint64_t draw = random.below(n * (n + 1) / 2);
  for (std::size_t rank = 0; rank < n; ++rank) {
    const std::uint64_t weight = n - rank;
    if (draw < weight) return rank;
    draw -= weight;
  }
  return 0;
}

}  // namespace policytune
