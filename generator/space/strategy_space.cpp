#include "space/strategy_space.hpp"

#include <stdexcept>

namespace policytune {
BigCount StrategySpace::size() const {
  BigCount size{1};
  for (const std::uint64_t axis_size : axis_sizes()) size = size * BigCount(axis_size);
  return size;
}

Point StrategySpace::point_at(const BigCount& index) const {
  if (!(index < size())) throw std::out_of_range("point_at: index " + index.to_string() + " outside the space");
  const auto& sizes = axis_sizes();
  BigCount rest = index;
  Point point(sizes.size());
  for (std::size_t axis = sizes.size(); axis-- > 0;) point[axis] = rest.divide(sizes[axis]);
  return point;
}

BigCount StrategySpace::index_of(const Point& point) const {
  const auto& sizes = axis_sizes();
  if (point.size() != sizes.size()) throw std::invalid_argument("index_of: the point has the wrong number of axes");
  BigCount index;
  for (std::size_t axis = 0; axis < sizes.size(); ++axis) {
    if (point[axis] >= sizes[axis]) throw std::out_of_range("index_of: a value index outside its axis");
    index = index * BigCount(sizes[axis]) + BigCount(point[axis]);
  }
  return index;
}

}  // namespace policytune
