#include "adaptive_evolution.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

#include "budgeted_strategy.hpp"

namespace policytune {
namespace {

// How often a proposal tries to find a new point near the parents before taking a random one.
constexpr int kMutationTries = 200;

class AdaptiveEvolution final : public BudgetedStrategy {
public:
  AdaptiveEvolution(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed,
                    const AdaptiveEvolutionSettings& settings)
      : BudgetedStrategy(space, budget, seed), settings_(settings), samples_left_(settings.first_samples) {
    for (const std::uint64_t size : space.axis_sizes()) {
      const std::size_t tracked = size <= settings.credit_axis_limit ? size : 0;
      credit_sum_.emplace_back(tracked, 0.0);
      credit_count_.emplace_back(tracked, 0.0);
    }
  }

private:
  using Ranked = std::vector<std::pair<double, Point>>;  // best first

  std::optional<Point> next_point() override {
    if (!refining_ && budget() &&
        static_cast<double>(proposed()) >= (1.0 - settings_.final_share) * static_cast<double>(*budget())) {
      start_refining();
    }
    if (restart_due_ && !refining_) restart();
    if (samples_left_ > 0 || parents_.empty()) {
      if (samples_left_ > 0) --samples_left_;
      return random_unseen_point();
    }
    for (int attempt = 0; attempt < kMutationTries; ++attempt) {
      const Point& parent = parents_[pick_by_rank(parents_.size(), random())].second;
      Point child = mutant_of(parent);
      if (space().allowed(child) && !known(child)) {
        parent_of_.emplace(child, parent);
        return child;
      }
    }
    return random_unseen_point();  // the parents' surroundings are spent
  }

  void learn(const Point& point, double cost) override {
    if (const auto parent = parent_of_.find(point); parent != parent_of_.end()) {
      earn_credit(parent->second, point, cost);
      parent_of_.erase(parent);
    }
    if (parents_.empty() || cost < parents_.front().first * (1.0 - settings_.clear_improvement)) {
      since_improvement_ = 0;
    } else if (++since_improvement_ >= settings_.patience) {
      restart_due_ = true;  // applied at the next proposal, once this round's results are in
    }
    keep(parents_, point, cost);
  }

  void restart() {
    restart_due_ = false;
    parents_.clear();
    since_improvement_ = 0;
    samples_left_ = settings_.restart_samples;
  }

  // From now on the parents are the best points of all runs, and no run is abandoned.
  void start_refining() {
    refining_ = true;
    samples_left_ = 0;
    parents_.clear();
    for (const auto& [point, cost] : costs()) keep(parents_, point, cost);
  }

  // Inserts by cost, keeping the `parents` best.
  void keep(Ranked& ranked, const Point& point, double cost) const {
    const auto at = std::upper_bound(ranked.begin(), ranked.end(), cost,
                                     [](double value, const auto& entry) { return value < entry.first; });
    if (static_cast<std::size_t>(at - ranked.begin()) >= settings_.parents) return;
    ranked.insert(at, {cost, point});
    if (ranked.size() > settings_.parents) ranked.pop_back();
  }

  Point mutant_of(const Point& parent) {
    const double draw = random().uniform();
    const std::size_t changes = draw < 0.7 ? 1 : draw < 0.9 ? 2 : 3;
    const auto& sizes = space().axis_sizes();
    std::vector<std::size_t> axes;
    for (std::size_t axis = 0; axis < sizes.size(); ++axis) {
      if (sizes[axis] > 1) axes.push_back(axis);
    }
    Point child = parent;
    for (std::size_t change = 0; change < changes && !axes.empty(); ++change) {
      const std::size_t pick = random().below(axes.size());
      const std::size_t axis = axes[pick];
      axes[pick] = axes.back();
      axes.pop_back();
      if (!credit_sum_[axis].empty() && random().chance(settings_.credit_choice)) {
        child[axis] = best_credited(axis, parent[axis]);
      } else {
        change_axis(child, axis, sizes[axis], settings_.adjacent, random());
      }
    }
    return child;
  }

  // The value of `axis` other than `current` with the best credit plus noise. Credit is a mean
  // shrunk towards zero, so untried values sit between helpful and harmful ones.
  std::uint64_t best_credited(std::size_t axis, std::uint64_t current) {
    std::uint64_t best_value = current;
    double best_score = -std::numeric_limits<double>::infinity();
    for (std::uint64_t value = 0; value < credit_sum_[axis].size(); ++value) {
      if (value == current) continue;
      const double score =
          credit_sum_[axis][value] / (credit_count_[axis][value] + 1.0) + settings_.credit_noise * random().uniform();
      if (score > best_score) {
        best_score = score;
        best_value = value;
      }
    }
    return best_value;
  }

  // Credits every value the child took from its parent with the child's gain in log cost.
  void earn_credit(const Point& parent, const Point& child, double child_cost) {
    const std::optional<double> parent_cost = cost_of(parent);
    if (!parent_cost || !std::isfinite(*parent_cost) || *parent_cost <= 0 || child_cost <= 0) return;
    const double gain =
        std::isfinite(child_cost) ? std::log(*parent_cost) - std::log(child_cost) : -settings_.failure_penalty;
    for (std::size_t axis = 0; axis < child.size(); ++axis) {
      if (child[axis] == parent[axis] || credit_sum_[axis].empty()) continue;
      credit_sum_[axis][child[axis]] += gain;
      credit_count_[axis][child[axis]] += 1;
    }
  }

  AdaptiveEvolutionSettings settings_;
  std::size_t samples_left_;
  Ranked parents_;  // the current run's best points (all runs' once refining)
  std::size_t since_improvement_ = 0;
  bool restart_due_ = false;
  bool refining_ = false;
  std::map<Point, Point> parent_of_;                            // proposed children awaiting their result
  std::vector<std::vector<double>> credit_sum_, credit_count_;  // per axis and value
};

}  // namespace

std::unique_ptr<SearchStrategy> make_adaptive_evolution(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                        std::uint64_t seed, const AdaptiveEvolutionSettings& settings) {
  return std::make_unique<AdaptiveEvolution>(space, budget, seed, settings);
}

}  // namespace policytune
