#include "search/strategies/genetic_algorithm.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "search/strategies/budgeted_strategy.hpp"

namespace policytune {
namespace {

// How often a child is bred again when it turns out restricted or known.
constexpr int kBreedingTries = 100;

class GeneticAlgorithm final : public BudgetedStrategy {
public:
  GeneticAlgorithm(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed,
                   const GeneticAlgorithmSettings& settings)
      : BudgetedStrategy(space, budget, seed),
        settings_(settings),
        to_propose_(std::max<std::size_t>(settings.population, 1)) {}

private:
  using Ranked = std::vector<std::pair<double, Point>>;  // best first

  std::optional<Point> next_point() override {
    if (to_propose_ == 0) {
      if (awaiting_ > 0) return std::nullopt;  // the generation's results first
      next_generation();
    }
    std::optional<Point> child = population_.empty() ? random_unseen_point() : new_child();
    if (child) {
      --to_propose_;
      ++awaiting_;
    }
    return child;
  }

  std::optional<Point> new_child() {
    for (int attempt = 0; attempt < kBreedingTries; ++attempt) {
      Point child = breed();
      if (space().allowed(child) && !known(child)) return child;
    }
    return random_unseen_point();  // the population's surroundings are spent
  }

  // Every result counts for the generation, also of a random point the base proposed.
  void learn(const Point& point, double cost) override {
    if (awaiting_ > 0) --awaiting_;
    children_.emplace_back(cost, point);
  }

  // Survivors: the best of parents and children (ties: the earlier).
  void next_generation() {
    population_.insert(population_.end(), children_.begin(), children_.end());
    children_.clear();
    std::stable_sort(population_.begin(), population_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    if (population_.size() > settings_.population) population_.resize(settings_.population);
    to_propose_ = std::max<std::size_t>(settings_.population, 1);
  }

  Point breed() {
    const Point& first = population_[pick_by_rank(population_.size(), random())].second;
    const Point& second = population_[pick_by_rank(population_.size(), random())].second;
    const auto& sizes = space().axis_sizes();
    Point child = first;
    bool changed = false;
    if (random().chance(settings_.crossover)) {
      for (std::size_t axis = 0; axis < child.size(); ++axis) {
        if (random().below(2) == 1) child[axis] = second[axis];
      }
      changed = child != first && child != second;
    }
    for (std::size_t axis = 0; axis < child.size(); ++axis) {
      if (sizes[axis] > 1 && random().chance(settings_.mutation)) {
        change_axis(child, axis, sizes[axis], settings_.adjacent, random());
        changed = true;
      }
    }
    return changed ? child : mutate(child, sizes, 1, settings_.adjacent, random());
  }

  GeneticAlgorithmSettings settings_;
  Ranked population_;
  Ranked children_;  // this generation's results
  std::size_t to_propose_;
  std::size_t awaiting_ = 0;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_genetic_algorithm(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                       std::uint64_t seed, const GeneticAlgorithmSettings& settings) {
  return std::make_unique<GeneticAlgorithm>(space, budget, seed, settings);
}

}  // namespace policytune
