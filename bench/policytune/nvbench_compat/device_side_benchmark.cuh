// SPDX-License-Identifier: Apache-2.0
// PolicyTune's stand-in for CCCL's <device_side_benchmark.cuh> (nvbench_helper): the kernel that
// CUB's warp- and block-level benchmarks time. `benchmark_kernel<BlockSize, Unroll, Op, T>(op)`
// gives each thread a value of T no compiler can foresee, applies `op` to it `Unroll` times in a
// row and keeps the result alive, so that the loop is what a launch measures.
#pragma once

#include <cstring>

#include <cuda_runtime_api.h>

namespace policytune::bench::device_side
{
/// Where results go: written only by a thread that cannot exist (see keep()).
inline constexpr int sink_bytes = 4096;
// static: one per translation unit, as whole-program compiles (no -rdc) require.
static __device__ unsigned char sink[sink_bytes];

/// A value of T filled with clock readings: unknown at compile time, different per thread.
template <class T>
__device__ __forceinline__ T unforeseeable()
{
  constexpr int words = static_cast<int>((sizeof(T) + sizeof(long long) - 1) / sizeof(long long));
  long long bits[words];
  for (int i = 0; i < words; ++i)
  {
    bits[i] = clock64() ^ (static_cast<long long>(threadIdx.x) << 32);
  }
  T value;
  memcpy(static_cast<void*>(&value), bits, sizeof(T));
  return value;
}

/// Stores `value` where no thread ever does: threadIdx.x equals blockDim.x only in a thread that
/// is not launched, which the compiler cannot prove, so the work that made `value` stays.
template <class T>
__device__ __forceinline__ void keep(const T& value)
{
  static_assert(sizeof(T) <= sink_bytes, "the sink holds values of up to 4096 bytes");
  if (threadIdx.x == blockDim.x)
  {
    memcpy(sink, static_cast<const void*>(&value), sizeof(T));
  }
}
} // namespace policytune::bench::device_side

template <int BlockSize, int Unroll, class Op, class T>
__global__ void __launch_bounds__(BlockSize) benchmark_kernel(Op op)
{
  T value = ::policytune::bench::device_side::unforeseeable<T>();
#pragma unroll
  for (int i = 0; i < Unroll; ++i)
  {
    value = op(value);
  }
  ::policytune::bench::device_side::keep(value);
}
