// A header for tune_algorithm(ALGORITHM reduce) that declares the type and its verification but not
// the operator the call names.
#pragma once
#include <policytune/custom_types.cuh>

namespace shapes
{
struct area
{
  double value;
};
} // namespace shapes

template <>
struct policytune::verification<shapes::area>
{
  static shapes::area input(std::size_t i) { return {static_cast<double>(i % 4)}; }
  static bool same(const shapes::area& a, const shapes::area& b) { return a.value == b.value; }
};
