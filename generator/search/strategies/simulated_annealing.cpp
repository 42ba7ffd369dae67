#include "search/strategies/simulated_annealing.hpp"

#include <cmath>

#include "search/strategies/budgeted_strategy.hpp"

namespace policytune {
namespace {

class SimulatedAnnealing final : public BudgetedStrategy {
public:
  SimulatedAnnealing(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed,
                     const SimulatedAnnealingSettings& settings)
      : BudgetedStrategy(space, budget, seed), settings_(settings), samples_left_(settings.first_samples) {}

private:
  std::optional<Point> next_point() override {
    if (samples_left_ > 0 || !current_) {
      if (samples_left_ > 0) --samples_left_;
      return random_unseen_point();
    }
    for (int attempt = 0; attempt < kNeighbourTries; ++attempt) {
      const double draw = random().uniform();
      Point neighbour = mutate(*current_, space().axis_sizes(),
                               draw < 0.7   ? 1
                               : draw < 0.9 ? 2
                                            : 3,
                               settings_.adjacent, random());
      if (!space().allowed(neighbour)) continue;
      if (!known(neighbour)) return neighbour;
      if (const auto cost = cost_of(neighbour)) consider(neighbour, *cost);  // a free step
    }
    return random_unseen_point();
  }

  void learn(const Point& point, double cost) override {
    if (samples_learned_ < settings_.first_samples) {
      // The walk starts from the best sample.
      ++samples_learned_;
      if (!current_ || cost < current_cost_) accept(point, cost);
      return;
    }
    consider(point, cost);
  }

  void consider(const Point& point, double cost) {
    if (!std::isfinite(cost)) return;  // a failure is never a place to be
    if (!current_ || cost <= current_cost_ ||
        random().chance(std::exp(-(scale(cost) - scale(current_cost_)) / temperature()))) {
      accept(point, cost);
    }
  }

  void accept(const Point& point, double cost) {
    current_ = point;
    current_cost_ = cost;
  }

  // Costs compare as ratios where they can (times), as differences otherwise.
  static double scale(double cost) { return cost > 0 ? std::log(cost) : cost; }

  double temperature() const {
    const double length = static_cast<double>(budget() ? *budget() : settings_.cycle);
    const double elapsed = static_cast<double>(budget() ? proposed() : proposed() % settings_.cycle);
    const double progress = length > 0 ? std::min(elapsed / length, 1.0) : 1.0;
    return settings_.start_temperature * std::pow(settings_.end_temperature / settings_.start_temperature, progress);
  }

  SimulatedAnnealingSettings settings_;
  std::size_t samples_left_;
  std::size_t samples_learned_ = 0;
  std::optional<Point> current_;
  double current_cost_ = kFailed;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_simulated_annealing(const StrategySpace& space,
                                                         std::optional<std::uint64_t> budget, std::uint64_t seed,
                                                         const SimulatedAnnealingSettings& settings) {
  return std::make_unique<SimulatedAnnealing>(space, budget, seed, settings);
}

}  // namespace policytune
