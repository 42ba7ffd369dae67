// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the CUDA back end. Times with CUDA events on the launch stream and
// flushes L2 before every sample, outside the timed region.
#pragma once

#include <policytune/bench/config.hpp>

#include <stdexcept>
#include <string>

#include <cuda_runtime_api.h>

namespace policytune::bench::detail
{
/// Throws std::runtime_error naming the call when `status` is an error.
inline void cuda_check(cudaError_t status, const char* what)
{
  if (status != cudaSuccess)
  {
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorName(status) + ": " + cudaGetErrorString(status));
  }
}

class cuda_backend
{
public:
  using stream_type = cudaStream_t;

  cuda_backend()
  {
    // A blocking stream, so that work a benchmark puts on the legacy default stream is ordered
    // with the events too.
    cuda_check(cudaStreamCreate(&m_stream), "cudaStreamCreate");
    cuda_check(cudaEventCreate(&m_start), "cudaEventCreate");
    cuda_check(cudaEventCreate(&m_stop), "cudaEventCreate");
    int device = 0;
    cuda_check(cudaGetDevice(&device), "cudaGetDevice");
    int l2_bytes = 0;
    cuda_check(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device), "cudaDeviceGetAttribute(L2 size)");
    if (l2_bytes > 0)
    {
      m_scratch_bytes = static_cast<std::size_t>(l2_bytes);
      cuda_check(cudaMalloc(&m_scratch, m_scratch_bytes), "cudaMalloc(L2 flush buffer)");
    }
  }

  cuda_backend(const cuda_backend&)            = delete;
  cuda_backend& operator=(const cuda_backend&) = delete;

  ~cuda_backend()
  {
    // No throwing here; after a sticky error these calls fail and that is fine.
    if (m_scratch != nullptr)
    {
      (void) cudaFree(m_scratch);
    }
    (void) cudaEventDestroy(m_start);
    (void) cudaEventDestroy(m_stop);
    (void) cudaStreamDestroy(m_stream);
  }

  stream_type stream() const noexcept { return m_stream; }

  /// Evicts L2 by writing a buffer of the device's L2 size on the launch stream.
  void before_sample()
  {
    if (m_scratch != nullptr)
    {
      cuda_check(cudaMemsetAsync(m_scratch, 0, m_scratch_bytes, m_stream), "cudaMemsetAsync(L2 flush)");
    }
  }

  void start() { cuda_check(cudaEventRecord(m_start, m_stream), "cudaEventRecord"); }
  void stop() { cuda_check(cudaEventRecord(m_stop, m_stream), "cudaEventRecord"); }

  double elapsed_seconds()
  {
    cuda_check(cudaEventSynchronize(m_stop), "cudaEventSynchronize (a kernel of the benchmark failed?)");
    float ms = 0.0f;
    cuda_check(cudaEventElapsedTime(&ms, m_start, m_stop), "cudaEventElapsedTime");
    return static_cast<double>(ms) * 1e-3;
  }

  /// Waits for all work of the launch, whichever stream the benchmark used.
  void synchronize()
  {
    cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize (a kernel of the benchmark failed?)");
    cuda_check(cudaGetLastError(), "kernel launch");
  }

private:
  cudaStream_t m_stream = nullptr;
  cudaEvent_t m_start   = nullptr;
  cudaEvent_t m_stop    = nullptr;
  void* m_scratch       = nullptr;
  std::size_t m_scratch_bytes = 0;
};
} // namespace policytune::bench::detail
