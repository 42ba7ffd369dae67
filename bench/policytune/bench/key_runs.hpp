// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: keys in runs of equal values (for by-key scans, run-length
// encoding), the same on every run and computable per index on the host and the device alike.
//
// The input is cut into chunks of 4096; each chunk has runs of one length, a power of two from 1 to
// `max_run` (at most 2048) drawn per chunk, so every run ends inside its chunk and every chunk holds
// an even number of runs. A run's key is an even number below 100 drawn per run plus the run's
// parity, so neighbouring runs always differ (also in 8-bit key types) and keys repeat far apart.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#  define POLICYTUNE_BENCH_HOST_DEVICE __host__ __device__
#else
#  define POLICYTUNE_BENCH_HOST_DEVICE
#endif

namespace policytune::bench::key_runs
{
inline constexpr std::uint64_t chunk = 4096;

POLICYTUNE_BENCH_HOST_DEVICE inline std::uint64_t mix(std::uint64_t x)
{
  x = (x + 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// The run length of the chunk holding index `i`: 2^k for k drawn from 0..log2(max_run).
POLICYTUNE_BENCH_HOST_DEVICE inline std::uint64_t run_length(std::uint64_t i, std::uint64_t max_run)
{
  int log2_max = 0;
  while (log2_max < 11 && (std::uint64_t{2} << log2_max) <= max_run)
  {
    ++log2_max;
  }
  return std::uint64_t{1} << (mix(i / chunk) % static_cast<std::uint64_t>(log2_max + 1));
}

/// The key at index `i`, a whole number in 0..99.
POLICYTUNE_BENCH_HOST_DEVICE inline int key_at(std::uint64_t i, std::uint64_t max_run)
{
  const std::uint64_t run = (i % chunk) / run_length(i, max_run); // the run's index in its chunk
  const std::uint64_t id  = (i / chunk) * chunk + run;
  return static_cast<int>(2 * (mix(id ^ 0x5bd1e995ull) % 50) + (run & 1));
}

#if defined(__CUDACC__)
/// Fills `out[0..n)` with key_at(i, max_run). Launch with any grid.
template <class T>
__global__ void fill(T* out, std::uint64_t n, std::uint64_t max_run)
{
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    out[i] = static_cast<T>(key_at(i, max_run));
  }
}
#endif
} // namespace policytune::bench::key_runs
