// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the identity of the machine a result was measured on.
#pragma once

#include <policytune/bench/config.hpp>

#include <string>

namespace policytune::bench
{
struct device_info
{
  std::string name;
  long long sm_count        = 0;
  long long memory_bus_width = 0;
  bool ecc                  = false;
  std::string compute_capability;
  std::string driver;
  std::string toolkit; // the compiler / toolkit that built the benchmark
  std::string library; // the library under test ("CCCL 3.0.1"; "host" for host builds)
  // Launch limits (0 on the host): what a kernel's block may use on this device.
  long long max_threads_per_block         = 0;
  long long shared_memory_per_block       = 0; // bytes of static shared memory
  long long shared_memory_per_block_optin = 0; // bytes with cudaFuncAttributeMaxDynamicSharedMemorySize
  // How many devices this process sees (CUDA_VISIBLE_DEVICES): a driver may measure on each.
  long long visible_devices = 1;
};
} // namespace policytune::bench

#if POLICYTUNE_BENCH_CUDA
#  include <policytune/bench/device_cuda.hpp>
#else
#  include <policytune/bench/device_host.hpp>
#endif
