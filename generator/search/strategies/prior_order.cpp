#include "search/strategies/prior_order.hpp"

#include "search/strategies/budgeted_strategy.hpp"

namespace policytune {
namespace {

class PriorOrder final : public BudgetedStrategy {
public:
  PriorOrder(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed,
             const SearchPrior* prior)
      : BudgetedStrategy(space, budget, seed), prior_(prior) {}

private:
  std::optional<Point> next_point() override {
    if (prior_ != nullptr) {
      if (auto point = next_unseen_in(prior_->ranked(), next_)) return point;
    }
    return random_unseen_point();
  }
  void learn(const Point&, double) override {}

  const SearchPrior* prior_;
  std::size_t next_ = 0;  // the ranking is taken in order
};

}  // namespace

std::unique_ptr<SearchStrategy> make_prior_order(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                 std::uint64_t seed, const SearchPrior* prior) {
  return std::make_unique<PriorOrder>(space, budget, seed, prior);
}

}  // namespace policytune
