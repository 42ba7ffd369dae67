#include "search_strategy.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <set>

#include "user_error.hpp"

namespace policytune {
namespace {

// Index order, from the first variant on.
class ExhaustiveStrategy final : public SearchStrategy {
public:
  ExhaustiveStrategy(BigCount size, std::optional<std::uint64_t> budget) : size_(std::move(size)), budget_(budget) {}

  std::optional<BigCount> next() override {
    if (next_ >= size_ || (budget_ && proposed_ >= *budget_)) return std::nullopt;
    ++proposed_;
    BigCount index = next_;
    next_ = next_ + BigCount(1);
    return index;
  }

private:
  BigCount size_;
  std::optional<std::uint64_t> budget_;
  BigCount next_;
  std::uint64_t proposed_ = 0;
};

// Uniform sampling without replacement. Small spaces are shuffled whole (Fisher-Yates with our own
// bounded draws, since std::uniform_int_distribution differs between standard libraries); large
// ones are sampled with rejection of repeats.
class RandomStrategy final : public SearchStrategy {
public:
  RandomStrategy(BigCount size, std::uint64_t budget, std::uint64_t seed)
      : size_(std::move(size)), budget_(budget), generator_(seed) {
    if (size_.fits_u64() && size_.to_u64() <= kShuffleLimit) {
      order_.resize(size_.to_u64());
      std::iota(order_.begin(), order_.end(), std::uint64_t{0});
      for (std::size_t i = order_.size(); i > 1; --i) {
        std::swap(order_[i - 1], order_[draw_below(i)]);
      }
    }
    if (size_ < BigCount(budget_)) budget_ = size_.to_u64();
  }

  std::optional<BigCount> next() override {
    if (proposed_ >= budget_) return std::nullopt;
    if (!order_.empty()) return BigCount(order_[proposed_++]);
    while (true) {
      BigCount candidate = BigCount::random_below(size_, generator_);
      if (seen_.insert(candidate).second) {
        ++proposed_;
        return candidate;
      }
    }
  }

private:
  static constexpr std::uint64_t kShuffleLimit = 1 << 20;

  std::uint64_t draw_below(std::uint64_t bound) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    std::uint64_t value = 0;
    do {
      value = generator_();
    } while (value >= limit);
    return value % bound;
  }

  BigCount size_;
  std::uint64_t budget_;
  std::mt19937_64 generator_;  // its sequence is fixed by the standard: same seed, same order anywhere
  std::vector<std::uint64_t> order_;
  std::set<BigCount> seen_;
  std::uint64_t proposed_ = 0;
};

}  // namespace

const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names{"exhaustive", "random"};
  return names;
}

std::unique_ptr<SearchStrategy> make_strategy(const std::string& name, const SearchSpace& space,
                                              std::optional<std::uint64_t> budget, std::uint64_t seed) {
  if (name == "exhaustive") return std::make_unique<ExhaustiveStrategy>(space.size(), budget);
  if (name == "random") {
    if (!budget && !space.size().fits_u64()) {
      throw UserError("--strategy random over " + space.size().to_string() + " variants needs a --budget");
    }
    return std::make_unique<RandomStrategy>(space.size(), budget ? *budget : space.size().to_u64(), seed);
  }
  throw UserError("unknown --strategy '" + name + "' (exhaustive, random)");
}

}  // namespace policytune
