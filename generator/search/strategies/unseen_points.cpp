#include "search/strategies/unseen_points.hpp"

#include <numeric>

namespace policytune {

UnseenPoints::UnseenPoints(const StrategySpace& space) : space_(space) {
  const BigCount size = space.members() != nullptr ? BigCount(space.members()->size()) : space.size();
  shuffled_ = size <= BigCount(kShuffleLimit);
  if (shuffled_) {
    order_.resize(size.to_u64());
    std::iota(order_.begin(), order_.end(), std::uint32_t{0});
  }
}

std::optional<Point> UnseenPoints::next(RandomGenerator& random, const std::function<bool(const Point&)>& seen) {
  if (exhausted_) return std::nullopt;
  if (shuffled_) {
    // One Fisher-Yates step per draw: a point seen or restricted is dropped for good, since
    // neither ever changes back.
    while (drawn_ < order_.size()) {
      std::swap(order_[drawn_], order_[drawn_ + random.below(order_.size() - drawn_)]);
      Point point = decode(order_[drawn_++]);
      if (space_.allowed(point) && !seen(point)) return point;
    }
  } else {
    // A uniform value per axis is a uniform point of the product.
    const auto& sizes = space_.axis_sizes();
    Point point(sizes.size());
    for (std::uint64_t miss = 0; miss < kMaxConsecutiveMisses; ++miss) {
      for (std::size_t axis = 0; axis < sizes.size(); ++axis) point[axis] = random.below(sizes[axis]);
      if (space_.allowed(point) && !seen(point)) return point;
    }
  }
  exhausted_ = true;
  return std::nullopt;
}

Point UnseenPoints::decode(std::uint64_t index) const {
  if (const auto* members = space_.members()) return (*members)[index];
  const auto& sizes = space_.axis_sizes();
  Point point(sizes.size());
  for (std::size_t axis = sizes.size(); axis-- > 0;) {
    point[axis] = index % sizes[axis];
    index /= sizes[axis];
  }
  return point;
}

}  // namespace policytune
