// SPDX-License-Identifier: Apache-2.0
// A user's predicate for tune_algorithm(ALGORITHM select_if): the example's geometry::vec3 (and its
// policytune::verification) selected by a test of its own.
#pragma once

#include "../../../examples/custom_types/vec3.cuh"

namespace geometry
{
// Whether the vector lies above the xy plane.
struct above_plane
{
  __host__ __device__ bool operator()(const vec3& v) const
  {
    return v.z > 0.0f;
  }
};
} // namespace geometry
