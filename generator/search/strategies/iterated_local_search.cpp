#include "search/strategies/iterated_local_search.hpp"

#include <utility>

#include "search/strategies/budgeted_strategy.hpp"

namespace policytune {
namespace {

class IteratedLocalSearch final : public BudgetedStrategy {
public:
  IteratedLocalSearch(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed,
                      const IteratedLocalSearchSettings& settings)
      : BudgetedStrategy(space, budget, seed), settings_(settings) {}

private:
  std::optional<Point> next_point() override {
    if (!current_) {
      // A climb starts where its first point lands: a perturbation of the best, or a random point.
      std::optional<Point> start = std::move(pending_start_);
      pending_start_.reset();
      return start && !known(*start) ? start : random_unseen_point();
    }
    if (failures_ < settings_.patience) {
      for (int attempt = 0; attempt < kNeighbourTries; ++attempt) {
        Point neighbour = mutate(*current_, space().axis_sizes(), 1, settings_.adjacent, random());
        if (!space().allowed(neighbour)) continue;
        if (!known(neighbour)) return neighbour;
        if (const auto cost = cost_of(neighbour); cost && *cost < current_cost_) move_to(neighbour, *cost);  // free
      }
    }
    finish_climb();
    return next_point();
  }

  void learn(const Point& point, double cost) override {
    if (!current_ || cost < current_cost_) {
      move_to(point, cost);
    } else {
      ++failures_;
    }
  }

  void move_to(const Point& point, double cost) {
    current_ = point;
    current_cost_ = cost;
    failures_ = 0;
  }

  // The climb reached a local optimum: keep it if it is the best, then perturb the best or restart.
  void finish_climb() {
    if (!best_ || current_cost_ < best_cost_) {
      best_ = current_;
      best_cost_ = current_cost_;
      kicks_without_gain_ = 0;
    } else {
      ++kicks_without_gain_;
    }
    current_.reset();
    current_cost_ = kFailed;
    failures_ = 0;
    if (kicks_without_gain_ >= settings_.restart_after) {
      kicks_without_gain_ = 0;
      return;  // from a random point
    }
    for (int attempt = 0; attempt < kNeighbourTries; ++attempt) {
      Point kicked = mutate(*best_, space().axis_sizes(), settings_.perturbation, 0.0, random());
      if (space().allowed(kicked) && !known(kicked)) {
        pending_start_ = kicked;
        return;
      }
    }
  }

  IteratedLocalSearchSettings settings_;
  std::optional<Point> current_;
  double current_cost_ = kFailed;
  std::size_t failures_ = 0;
  std::optional<Point> best_;
  double best_cost_ = kFailed;
  std::size_t kicks_without_gain_ = 0;
  std::optional<Point> pending_start_;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_iterated_local_search(const StrategySpace& space,
                                                           std::optional<std::uint64_t> budget, std::uint64_t seed,
                                                           const IteratedLocalSearchSettings& settings) {
  return std::make_unique<IteratedLocalSearch>(space, budget, seed, settings);
}

}  // namespace policytune
