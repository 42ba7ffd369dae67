// SPDX-License-Identifier: Apache-2.0
// A user's sort key for tune_algorithm(ALGORITHM radix_sort): a score and an id, sorted by score,
// then id, through a decomposer (as cub::DeviceRadixSort::SortKeys(..., decomposer) takes it). CUB
// has no tuning for an 8-byte key it cannot see into; tests/custom_types renders one.
#pragma once

#include <policytune/custom_types.cuh>

#include <cuda/std/tuple>

#include <cstddef>

namespace ranking
{
struct entry
{
  float score;
  int id;
};

// The key's bits as CUB sorts them: score first (most significant), then id.
struct entry_decomposer
{
  __host__ __device__ ::cuda::std::tuple<float&, int&> operator()(entry& e) const
  {
    return {e.score, e.id};
  }
};
} // namespace ranking

// What PolicyTune needs to check a variant's sorted keys against CUB's.
template <>
struct policytune::verification<ranking::entry>
{
  // Finite scores with many repeats, and ids that break the ties: a sort has one right output.
  static ranking::entry input(std::size_t i)
  {
    return {static_cast<float>(static_cast<int>((i * 7919) % 1000)) - 500.0f,
            static_cast<int>((i * 2654435761u) % 100000)};
  }
  static bool same(const ranking::entry& expected, const ranking::entry& actual)
  {
    return expected.score == actual.score && expected.id == actual.id;
  }
};
