// A header for tune_algorithm(ALGORITHM reduce) with a type and an operator but nothing that says how
// to check a variant's result (no policytune::verification<shapes::area>).
#pragma once
#include <policytune/custom_types.cuh>

namespace shapes
{
struct area
{
  double value;
};
struct add
{
  __host__ __device__ area operator()(const area& a, const area& b) const { return {a.value + b.value}; }
};
} // namespace shapes
