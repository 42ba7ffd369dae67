// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: CUDA errors as exceptions and device memory that frees itself,
// for the setup and verification code of CUDA benchmarks (the harness records a throw as a
// failed run with the message).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include <cuda_runtime_api.h>

namespace policytune::bench
{
/// Throws std::runtime_error("<what>: <CUDA's message>") unless `status` is cudaSuccess.
inline void cuda_check(cudaError_t status, const char* what)
{
  if (status != cudaSuccess)
  {
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
  }
}

/// Owns `count` elements of device memory (none for a count of 0).
template <class T>
class device_buffer
{
public:
  explicit device_buffer(std::size_t count)
  {
    if (count != 0)
    {
      cuda_check(cudaMalloc(&m_data, count * sizeof(T)), "cudaMalloc");
    }
  }
  device_buffer(const device_buffer&)            = delete;
  device_buffer& operator=(const device_buffer&) = delete;
  ~device_buffer()
  {
    if (m_data != nullptr)
    {
      (void) cudaFree(m_data);
    }
  }
  T* get() const noexcept { return m_data; }

private:
  T* m_data = nullptr;
};
} // namespace policytune::bench
