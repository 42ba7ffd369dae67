// SPDX-License-Identifier: Apache-2.0
// A library's own value type and operator: three floats summed component by component. CUB has no
// tuning for a 12-byte non-primitive type; tune_algorithm(vec3_sum ALGORITHM reduce ...) makes one.
#pragma once

#include <policytune/custom_types.cuh>

#include <cmath>
#include <cstddef>

namespace geometry
{
struct vec3
{
  float x, y, z;
};

struct vec3_plus
{
  __host__ __device__ vec3 operator()(const vec3& a, const vec3& b) const
  {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
  }
};
} // namespace geometry

// What PolicyTune needs to check a variant's sum against CUB's.
template <>
struct policytune::verification<geometry::vec3>
{
  // Small integers: every partial sum is exact in float, whatever order a policy sums in.
  static geometry::vec3 input(std::size_t i)
  {
    return {static_cast<float>(i % 3) - 1.0f, static_cast<float>(i % 5) - 2.0f, static_cast<float>(i % 7) - 3.0f};
  }
  static bool same(const geometry::vec3& expected, const geometry::vec3& actual)
  {
    return expected.x == actual.x && expected.y == actual.y && expected.z == actual.z;
  }
};
