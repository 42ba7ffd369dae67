// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: variants that cannot launch on the device are skipped, not failed.
//
// A policy with more threads per block than the device allows, or more shared memory than a block
// may have, is not a wrong variant: the device rules it out. A benchmark asks before it runs:
//
//   using agent_t = cub::AgentReduce<...>;
//   constexpr auto smem = sizeof(typename agent_t::TempStorage);
//   if constexpr (!policytune::bench::fits_static_shared_memory(smem)) {
//     state.skip(policytune::bench::static_shared_memory_reason(smem));   // never instantiated
//   } else if (policytune::bench::skip_unless_launchable(state, threads, smem)) {
//     return;
//   } else { ... state.exec(...) ... }
//
// Static shared memory over 48 KiB fails in ptxas, so the compile-time check must keep such a
// kernel from being instantiated at all; the run-time check compares with the current device.
// The search stores both as `skipped` with the reason, and never counts them as failures.
#pragma once

#include <policytune/bench/state.hpp>

#include <cstddef>
#include <string>

#include <cuda_runtime_api.h>

namespace policytune::bench
{
/// The static shared memory every CUDA architecture allows a block (dynamic memory may go beyond).
inline constexpr std::size_t static_shared_memory_limit = 48 * 1024;

constexpr bool fits_static_shared_memory(std::size_t bytes) noexcept
{
  return bytes <= static_shared_memory_limit;
}

inline std::string static_shared_memory_reason(std::size_t bytes)
{
  return "needs " + std::to_string(bytes) + " bytes of static shared memory per block, over the "
       + std::to_string(static_shared_memory_limit) + " every device allows";
}

/// Why a block of `threads_per_block` threads using `shared_bytes` of shared memory cannot launch on
/// the current device; empty when it can (or when the device cannot be queried: the launch will say).
inline std::string launch_limit_violation(long long threads_per_block, std::size_t shared_bytes)
{
  int device = 0;
  cudaDeviceProp p{};
  if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&p, device) != cudaSuccess)
  {
    (void) cudaGetLastError();
    return {};
  }
  if (threads_per_block > p.maxThreadsPerBlock)
  {
    return "needs " + std::to_string(threads_per_block) + " threads per block, the device allows "
         + std::to_string(p.maxThreadsPerBlock);
  }
  if (shared_bytes > p.sharedMemPerBlock)
  {
    return "needs " + std::to_string(shared_bytes) + " bytes of shared memory per block, the device allows "
         + std::to_string(p.sharedMemPerBlock);
  }
  return {};
}

/// Skips `s` (true) when the block cannot launch on the current device.
inline bool skip_unless_launchable(state& s, long long threads_per_block, std::size_t shared_bytes)
{
  std::string reason = launch_limit_violation(threads_per_block, shared_bytes);
  if (reason.empty())
  {
    return false;
  }
  s.skip(std::move(reason));
  return true;
}
} // namespace policytune::bench
