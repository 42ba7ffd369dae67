#pragma once

#include <optional>
#include <string>

namespace policytune {

// Whether this machine has a CUDA device, asked of the driver itself (libcuda.so.1: cuInit and
// cuDeviceGetCount, in a child process of its own, so that the tool never holds a CUDA context),
// before anything is compiled that could only be measured on one. nullopt: there is a device, or
// the question could not be asked (the search then builds base and asks it, as before); else why
// there is none: "no CUDA driver on this machine (libcuda.so.1 not found)", "the CUDA driver sees
// no device", "cuInit failed: CUDA_ERROR_NO_DEVICE". $POLICYTUNE_CUDA_DRIVER names another driver
// library to ask (an unusual install; the tests' stand-in).
std::optional<std::string> no_cuda_device_reason();

}  // namespace policytune
