// SPDX-License-Identifier: Apache-2.0
// What the example's GPU checks share: a CUDA error ends the program with its name, device memory
// that frees itself, and the test's answer where there is no GPU.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace example
{
inline void check(cudaError_t error, const char* what)
{
  if (error != cudaSuccess)
  {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(error));
    std::exit(1);
  }
}

template <class T>
struct device_array
{
  T* data = nullptr;
  explicit device_array(std::size_t n)
  {
    check(cudaMalloc(&data, n * sizeof(T) + 1), "cudaMalloc");
  }
  device_array(const device_array&)            = delete;
  device_array& operator=(const device_array&) = delete;
  ~device_array()
  {
    cudaFree(data);
  }
  std::vector<T> to_host(std::size_t n) const
  {
    std::vector<T> host(n);
    check(cudaMemcpy(host.data(), data, n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
    return host;
  }
};

/// Whether a GPU is there to run on; without one the program says what it compiled and exits 77,
/// which ctest reports as skipped.
inline bool gpu_present(const char* compiled)
{
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0)
  {
    std::printf("no GPU: %s compiled, not run\n", compiled);
    return false;
  }
  return true;
}
inline constexpr int skipped = 77;
} // namespace example
