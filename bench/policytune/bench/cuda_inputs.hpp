// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: inputs generated on the device, the same on every run.
#pragma once

#include <cstddef>
#include <cstdint>

namespace policytune::bench
{
/// Pseudo-random values in {-1, 0, 1} (splitmix64 of the index). Sums and prefix sums of 2^28 of
/// them stay within +-2^14, so they are exact in any order, in float too, and any element lost or
/// counted twice shows. Launch with any grid: the loop strides over `n`.
template <class T>
__global__ void fill_signed_units(T* out, std::size_t n)
{
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    std::uint64_t h = (i + 1) * 0x9E3779B97F4A7C15ull;
    h               = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
    h               = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
    h ^= h >> 31;
    out[i] = static_cast<T>(static_cast<int>(h % 3) - 1);
  }
}
} // namespace policytune::bench
