// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: inputs for selections, partitions and keyed reductions, generated on
// the device from the element index, the same on every run.
#pragma once

#include <cstddef>
#include <cstdint>

namespace policytune::bench
{
/// splitmix64 of `i`: a well-mixed word per index, so that inputs need no state.
__host__ __device__ inline std::uint64_t index_hash(std::uint64_t i)
{
  std::uint64_t h = (i + 1) * 0x9E3779B97F4A7C15ull;
  h               = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
  h               = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

/// Integers uniform in [0, bound), as T. A bound of at most 100 fits every arithmetic type, so a
/// predicate `x < t` selects t of every `bound` values on average, whatever T is.
template <class T>
__global__ void fill_uniform_below(T* out, std::size_t n, unsigned bound)
{
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    out[i] = static_cast<T>(index_hash(i) % bound);
  }
}

/// Runs of equal keys, `run_length` long (the last may be shorter); neighbouring runs differ, also
/// where a small type wraps around (run ids are taken modulo 64).
template <class T>
__global__ void fill_runs(T* out, std::size_t n, std::size_t run_length)
{
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    out[i] = static_cast<T>((i / run_length) % 64);
  }
}
} // namespace policytune::bench
