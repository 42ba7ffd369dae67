#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "search/strategies/random_generator.hpp"
#include "space/strategy_space.hpp"

namespace policytune {

// Draws allowed points that the caller has not seen, uniformly and without replacement. Spaces
// of up to kShuffleLimit points are shuffled lazily, so the sampler knows when every point has been
// drawn; larger ones are sampled by rejection, and kMaxConsecutiveMisses draws in a row that are
// restricted or seen end the sampling: a space all but entirely restricted or seen ends instead
// of spinning. A space that lists its members (StrategySpace::members) is a shuffle of that list.
class UnseenPoints {
public:
  static constexpr std::uint64_t kShuffleLimit = std::uint64_t{1} << 20;
  static constexpr std::uint64_t kMaxConsecutiveMisses = 100'000;

  explicit UnseenPoints(const StrategySpace& space);

  // Nullopt when no allowed, unseen point is left (or, over a large space, none was found).
  std::optional<Point> next(RandomGenerator& random, const std::function<bool(const Point&)>& seen);

private:
  Point decode(std::uint64_t index) const;

  const StrategySpace& space_;
  bool shuffled_ = false;             // the space is small enough to shuffle
  std::vector<std::uint32_t> order_;  // the lazy shuffle: [0, drawn_) is drawn
  std::size_t drawn_ = 0;
  bool exhausted_ = false;
};

}  // namespace policytune
