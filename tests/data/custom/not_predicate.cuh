// A header for tune_algorithm(ALGORITHM select_if) whose "predicate" gives a value, not a bool: no
// selection.
#pragma once
#include <policytune/custom_types.cuh>

namespace shapes
{
struct area
{
  double value;
};
struct halve
{
  __host__ __device__ area operator()(const area& a) const { return {a.value / 2}; }
};
} // namespace shapes

template <>
struct policytune::verification<shapes::area>
{
  static shapes::area input(std::size_t i) { return {static_cast<double>(i % 4)}; }
  static bool same(const shapes::area& a, const shapes::area& b) { return a.value == b.value; }
};
