// Whether the consumers can run here. Without a GPU they are skipped, not passed: CTest reads the
// exit status kSkippedExit as "skipped" (SKIP_RETURN_CODE in CMakeLists.txt).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdio>

constexpr int kSkippedExit = 77;

// True when a CUDA device is present. Without a driver or a device it prints why the consumer
// `what` is skipped; any other error is a broken machine, printed and taken as present, so that
// the consumer's first call fails instead of passing for skipped.
inline bool cuda_device_present(const char* what)
{
  int devices              = 0;
  const cudaError_t status = cudaGetDeviceCount(&devices);
  if ((status == cudaSuccess && devices == 0) || status == cudaErrorNoDevice || status == cudaErrorInsufficientDriver)
  {
    std::printf("skipped: no CUDA device (%s compiled for every architecture)\n", what);
    return false;
  }
  if (status != cudaSuccess)
  {
    std::printf("cudaGetDeviceCount: %s\n", cudaGetErrorString(status));
  }
  return true;
}
