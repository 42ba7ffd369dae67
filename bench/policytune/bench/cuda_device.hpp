// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the device a state runs on, as NVBench's state.get_device() gives it.
#pragma once

#include <optional>
#include <string>

#include <cuda_runtime_api.h>

namespace policytune::bench
{
/// What `state.get_device().value()` answers in CUB's benchmarks (NVBench's device_info, whose
/// name the harness gives its own record of the machine): the current device's id and properties,
/// asked of the runtime when called.
class cuda_device
{
public:
  explicit cuda_device(int id) noexcept
      : m_id(id)
  {}

  int get_id() const noexcept { return m_id; }
  int get_number_of_sms() const { return attribute(cudaDevAttrMultiProcessorCount); }
  /// 900 for sm_90, as NVBench writes it.
  int get_sm_version() const
  {
    return attribute(cudaDevAttrComputeCapabilityMajor) * 100 + attribute(cudaDevAttrComputeCapabilityMinor) * 10;
  }
  int get_max_threads_per_block() const { return attribute(cudaDevAttrMaxThreadsPerBlock); }
  int get_max_shared_memory_per_block() const { return attribute(cudaDevAttrMaxSharedMemoryPerBlock); }
  std::string get_name() const
  {
    cudaDeviceProp properties{};
    return cudaGetDeviceProperties(&properties, m_id) == cudaSuccess ? std::string(properties.name) : std::string();
  }

  /// The current device, or none when the runtime has none to give.
  static std::optional<cuda_device> current()
  {
    int id = 0;
    if (cudaGetDevice(&id) != cudaSuccess)
    {
      (void) cudaGetLastError();
      return std::nullopt;
    }
    return cuda_device(id);
  }

private:
  int attribute(cudaDeviceAttr which) const
  {
    int value = 0;
    return cudaDeviceGetAttribute(&value, which, m_id) == cudaSuccess ? value : 0;
  }

  int m_id;
};
} // namespace policytune::bench
