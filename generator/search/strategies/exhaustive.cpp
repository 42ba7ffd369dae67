#include "search/strategies/exhaustive.hpp"

namespace policytune {
namespace {

class ExhaustiveStrategy final : public SearchStrategy {
public:
  // Restricted points skipped in a row before giving up: a space whose restrictions exclude
  // everything ahead (or everything) ends instead of spinning through 10^21 indices.
  static constexpr std::uint64_t kMaxConsecutiveRejections = std::uint64_t{1} << 22;

  ExhaustiveStrategy(const StrategySpace& space, std::optional<std::uint64_t> budget)
      : space_(space), budget_(budget), next_(space.axis_sizes().size(), 0) {}

  std::vector<Point> propose(std::size_t at_most) override {
    std::vector<Point> batch;
    if (const auto* members = space_.members()) {  // a listed space: its members, in index order
      while (next_member_ < members->size() && batch.size() < at_most && (!budget_ || proposed_ < *budget_)) {
        batch.push_back((*members)[next_member_++]);
        ++proposed_;
      }
      return batch;
    }
    std::uint64_t rejected = 0;
    while (!finished_ && batch.size() < at_most && (!budget_ || proposed_ < *budget_)) {
      if (space_.allowed(next_)) {
        batch.push_back(next_);
        ++proposed_;
        rejected = 0;
      } else if (++rejected >= kMaxConsecutiveRejections) {
        finished_ = true;
        break;
      }
      advance();
    }
    return batch;
  }

  void report(const Point&, std::optional<double>) override {}

private:
  // The next index as an odometer: the last axis turns fastest.
  void advance() {
    const auto& sizes = space_.axis_sizes();
    for (std::size_t axis = sizes.size(); axis-- > 0;) {
      if (++next_[axis] < sizes[axis]) return;
      next_[axis] = 0;
    }
    finished_ = true;  // wrapped around: every index was visited
  }

  const StrategySpace& space_;
  std::optional<std::uint64_t> budget_;
  Point next_;
  std::uint64_t proposed_ = 0;
  std::size_t next_member_ = 0;
  bool finished_ = false;
};

}  // namespace

std::unique_ptr<SearchStrategy> make_exhaustive(const StrategySpace& space, std::optional<std::uint64_t> budget) {
  return std::make_unique<ExhaustiveStrategy>(space, budget);
}

}  // namespace policytune
