#include "search/strategies/random_sampling.hpp"

#include "search/strategies/budgeted_strategy.hpp"

namespace policytune {
namespace {

class RandomSampling final : public BudgetedStrategy {
public:
  RandomSampling(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed)
      : BudgetedStrategy(space, budget, seed) {}

private:
  std::optional<Point> next_point() override { return random_unseen_point(); }
  void learn(const Point&, double) override {}
};

}  // namespace

std::unique_ptr<SearchStrategy> make_random_sampling(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                     std::uint64_t seed) {
  return std::make_unique<RandomSampling>(space, budget, seed);
}

}  // namespace policytune
