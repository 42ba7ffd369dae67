// SPDX-License-Identifier: Apache-2.0
// A user's operator on a fundamental type: the largest magnitude of floats. tune_algorithm(ALGORITHM
// reduce TYPE float OPERATOR measures::absolute_max) registers its hub for float with this operator
// only: a float sum keeps the shipped sum's hub.
#pragma once

#include <policytune/custom_types.cuh>

#include <cmath>
#include <cstddef>

namespace measures
{
struct absolute_max
{
  __host__ __device__ float operator()(float a, float b) const
  {
    return fabsf(a) < fabsf(b) ? fabsf(b) : fabsf(a);
  }
};
} // namespace measures

template <>
struct policytune::verification<float>
{
  static float input(std::size_t i)
  {
    return static_cast<float>(static_cast<long long>(i % 2001) - 1000);
  }
  // The largest magnitude is one of the inputs whatever the order: exact.
  static bool same(float expected, float actual)
  {
    return expected == actual;
  }
};
