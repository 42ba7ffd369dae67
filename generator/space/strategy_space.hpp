#pragma once

#include <cstdint>
#include <vector>

#include "core/big_count.hpp"

namespace policytune {

// A point of a space: the index of its value on each axis.
using Point = std::vector<std::uint64_t>;

// What a strategy searches: axes of ordered values (adjacent indices are adjacent values, so a
// step of one index is a small change) and the restrictions that exclude points. A benchmark's
// %RANGE% lines with its %CONSTRAINT% lines are one; a recorded landscape is another.
class StrategySpace {
public:
  virtual ~StrategySpace() = default;
  // How many values each axis has; every axis has at least one.
  virtual const std::vector<std::uint64_t>& axis_sizes() const = 0;
  // False for a point a restriction excludes: it is never proposed and costs no budget.
  virtual bool allowed(const Point& point) const = 0;
  // Where the allowed points are a short list (a compile pool's variants, space/listed_variants.hpp),
  // that list in index order: strategies that sample or walk the space draw from it, which a
  // rejection sampler over a space of millions would not find. Null for a space of restrictions.
  virtual const std::vector<Point>* members() const { return nullptr; }

  // The product of axis_sizes(), restricted points included.
  BigCount size() const;
  // Mixed-radix decoding, the last axis fastest (SearchSpace::variant_at's order).
  Point point_at(const BigCount& index) const;
  BigCount index_of(const Point& point) const;
};

}  // namespace policytune
