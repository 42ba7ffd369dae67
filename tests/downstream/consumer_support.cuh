// What the downstream consumers share: CUDA calls checked and counted, device arrays, and CUB's
// two-phase call (ask for the temporary storage, then run).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdio>
#include <vector>

namespace consumer
{
inline int failures = 0; // failed CUDA calls and mismatches; the consumer fails when not zero

inline bool ok(cudaError_t status, const char* what)
{
  if (status != cudaSuccess)
  {
    std::printf("FAILED: %s: %s\n", what, cudaGetErrorString(status));
    ++failures;
    return false;
  }
  return true;
}

template <class T>
std::vector<T> copy_back(const T* d, std::size_t n)
{
  std::vector<T> h(n);
  ok(cudaMemcpy(h.data(), d, sizeof(T) * n, cudaMemcpyDeviceToHost), "cudaMemcpy");
  return h;
}

/// Device memory for `n` elements (at least one), poisoned so that an unwritten output shows, freed
/// on scope exit.
template <class T>
struct device_array
{
  T* data = nullptr;
  std::size_t size;
  explicit device_array(std::size_t n)
      : size(n)
  {
    ok(cudaMalloc(&data, sizeof(T) * (n == 0 ? 1 : n)), "cudaMalloc");
    ok(cudaMemset(data, 0xA5, sizeof(T) * (n == 0 ? 1 : n)), "cudaMemset");
  }
  explicit device_array(const std::vector<T>& host)
      : device_array(host.size())
  {
    ok(cudaMemcpy(data, host.data(), sizeof(T) * host.size(), cudaMemcpyHostToDevice), "cudaMemcpy");
  }
  ~device_array() { cudaFree(data); }
  device_array(const device_array&)            = delete;
  device_array& operator=(const device_array&) = delete;

  std::vector<T> host(std::size_t n) const { return copy_back(data, n); }
};

// Runs `call(temp, bytes)` twice, as CUB's two-phase API asks.
template <class Call>
void two_phase(Call call, const char* what)
{
  std::size_t bytes = 0;
  if (!ok(call(nullptr, bytes), what))
  {
    return;
  }
  device_array<char> temp(bytes);
  ok(call(temp.data, bytes), what);
  ok(cudaDeviceSynchronize(), what);
}
} // namespace consumer
