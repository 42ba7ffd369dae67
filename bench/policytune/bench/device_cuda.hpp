// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: CUDA builds describe device 0 (pick one with CUDA_VISIBLE_DEVICES).
#pragma once

#include <policytune/bench/device.hpp>

#include <string>

#include <cuda_runtime_api.h>

#if defined(__has_include)
#  if __has_include(<cuda/version>)
#    include <cuda/version>
#  elif __has_include(<cuda/std/version>)
#    include <cuda/std/version>
#  endif
#endif

namespace policytune::bench::detail
{
inline std::string cuda_toolkit()
{
#if defined(__CUDACC_VER_MAJOR__)
  return "CUDA " + std::to_string(__CUDACC_VER_MAJOR__) + "." + std::to_string(__CUDACC_VER_MINOR__) + "."
       + std::to_string(__CUDACC_VER_BUILD__);
#else
  return "CUDA " + std::to_string(CUDART_VERSION / 1000) + "." + std::to_string(CUDART_VERSION % 1000 / 10);
#endif
}

inline std::string cccl_library()
{
#if defined(CCCL_VERSION)
  return "CCCL " + std::to_string(CCCL_VERSION / 1000000) + "." + std::to_string(CCCL_VERSION / 1000 % 1000) + "."
       + std::to_string(CCCL_VERSION % 1000);
#else
  return "CCCL unknown";
#endif
}

/// Fills `info` for device 0 and makes it current; false with `reason` when there is no device.
inline bool query_device(device_info& info, std::string& reason)
{
  int count         = 0;
  cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess || count == 0)
  {
    reason = std::string("no CUDA device: ") + cudaGetErrorString(error != cudaSuccess ? error : cudaErrorNoDevice);
    (void) cudaGetLastError();
    return false;
  }
  cudaDeviceProp p{};
  error = cudaGetDeviceProperties(&p, 0);
  if (error == cudaSuccess)
  {
    error = cudaSetDevice(0);
  }
  if (error != cudaSuccess)
  {
    reason = std::string("no CUDA device: ") + cudaGetErrorString(error);
    return false;
  }
  info.name               = p.name;
  info.sm_count           = p.multiProcessorCount;
  info.memory_bus_width   = p.memoryBusWidth;
  info.ecc                = p.ECCEnabled != 0;
  info.compute_capability = std::to_string(p.major) + "." + std::to_string(p.minor);
  int driver              = 0;
  if (cudaDriverGetVersion(&driver) == cudaSuccess)
  {
    info.driver = std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10);
  }
  info.max_threads_per_block         = p.maxThreadsPerBlock;
  info.shared_memory_per_block       = static_cast<long long>(p.sharedMemPerBlock);
  info.shared_memory_per_block_optin = static_cast<long long>(p.sharedMemPerBlockOptin);
  info.toolkit                       = cuda_toolkit();
  info.library = cccl_library();
  info.visible_devices               = count;
  return true;
}
} // namespace policytune::bench::detail
