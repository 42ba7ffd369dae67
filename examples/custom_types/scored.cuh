// SPDX-License-Identifier: Apache-2.0
// A library's own value type and operator: the argmin of scored items, the smallest score and the
// first index that has it. CUB's reduce has no tuning for it; tune_algorithm(argmin ALGORITHM reduce
// ...) makes one.
#pragma once

#include <policytune/custom_types.cuh>

#include <cstddef>
#include <limits>

namespace ranking
{
struct scored
{
  float score;
  int index;
};

struct argmin
{
  __host__ __device__ scored operator()(const scored& a, const scored& b) const
  {
    if (b.score < a.score || (b.score == a.score && b.index < a.index))
    {
      return b;
    }
    return a;
  }
};
} // namespace ranking

// What PolicyTune needs to check a variant's argmin against CUB's: the argmin is exact.
template <>
struct policytune::verification<ranking::scored>
{
  static ranking::scored input(std::size_t i)
  {
    // Scores repeat, so that ties between indices are decided by the operator.
    return {static_cast<float>((i * 2654435761u) % 1000003u), static_cast<int>(i)};
  }
  static bool same(const ranking::scored& expected, const ranking::scored& actual)
  {
    return expected.score == actual.score && expected.index == actual.index;
  }
};
