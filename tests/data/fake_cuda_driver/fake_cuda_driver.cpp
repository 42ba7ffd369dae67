/* A stand-in for the CUDA driver library (libcuda.so.1) for gpu_presence's tests: cuInit fails
   when FAKE_CUDA_DEVICES is "fail", else cuDeviceGetCount answers that many devices. */
#include <cstdlib>
#include <cstring>

extern "C" {

int cuInit(unsigned flags) {
  const char* devices = std::getenv("FAKE_CUDA_DEVICES");
  static_cast<void>(flags);
  return devices != nullptr && std::strcmp(devices, "fail") == 0 ? 100 : 0;
}

int cuDeviceGetCount(int* count) {
  const char* devices = std::getenv("FAKE_CUDA_DEVICES");
  *count = devices != nullptr ? std::atoi(devices) : 0;
  return 0;
}

int cuGetErrorName(int status, const char** name) {
  *name = status == 100 ? "CUDA_ERROR_NO_DEVICE" : "CUDA_ERROR_UNKNOWN";
  return 0;
}

}  // extern "C"
