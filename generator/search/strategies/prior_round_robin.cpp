#include "search/strategies/prior_round_robin.hpp"

#include <vector>

#include "search/strategies/budgeted_strategy.hpp"

namespace policytune {
namespace {

class PriorRoundRobin final : public BudgetedStrategy {
public:
  PriorRoundRobin(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed,
                  const SearchPrior* prior)
      : BudgetedStrategy(space, budget, seed), prior_(prior) {
    if (prior_ != nullptr) next_.assign(prior_->sources(), 0);
  }

private:
  std::optional<Point> next_point() override {
    // At most one full turn of sources whose rankings are spent before giving up on them all.
    for (std::size_t tried = 0; tried < next_.size(); ++tried) {
      const std::size_t source = turn_;
      turn_ = (turn_ + 1) % next_.size();
      if (auto point = next_unseen_in(prior_->source_ranked(source), next_[source])) return point;
    }
    return random_unseen_point();
  }
  void learn(const Point&, double) override {}

  const SearchPrior* prior_;
  std::vector<std::size_t> next_;  // per source, the next place in its ranking
  std::size_t turn_ = 0;           // the source whose turn it is
};

}  // namespace

std::unique_ptr<SearchStrategy> make_prior_round_robin(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                       std::uint64_t seed, const SearchPrior* prior) {
  return std::make_unique<PriorRoundRobin>(space, budget, seed, prior);
}

}  // namespace policytune
