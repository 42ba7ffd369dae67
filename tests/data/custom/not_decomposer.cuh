// A header for tune_algorithm(ALGORITHM radix_sort) whose "decomposer" gives the key's members by
// value: CUB's radix sort needs references to them, so this is no decomposer.
#pragma once
#include <policytune/custom_types.cuh>

#include <cuda/std/tuple>

namespace ranks
{
struct entry
{
  float score;
  int id;
};
struct by_value
{
  __host__ __device__ ::cuda::std::tuple<float, int> operator()(entry& e) const { return {e.score, e.id}; }
};
} // namespace ranks

template <>
struct policytune::verification<ranks::entry>
{
  static ranks::entry input(std::size_t i) { return {static_cast<float>(i % 5), static_cast<int>(i % 3)}; }
  static bool same(const ranks::entry& a, const ranks::entry& b) { return a.score == b.score && a.id == b.id; }
};
