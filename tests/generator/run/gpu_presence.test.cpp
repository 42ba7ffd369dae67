// Whether there is a CUDA device, asked of the driver library before anything is compiled: a
// stand-in driver (POLICYTUNE_CUDA_DRIVER) answers each way.
#include "run/gpu_presence.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

using namespace policytune;

namespace {

// Sets an environment variable for its scope.
class ScopedVariable {
public:
  ScopedVariable(const char* name, const std::string& value) : name_(name) { ::setenv(name, value.c_str(), 1); }
  ~ScopedVariable() { ::unsetenv(name_); }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

private:
  const char* name_;
};

}  // namespace

TEST_CASE("a machine without a CUDA device is told apart before anything is compiled", "[gpu_presence]") {
  SECTION("no driver library") {
    const ScopedVariable driver("POLICYTUNE_CUDA_DRIVER", "/nonexistent/libcuda.so.1");
    CHECK(no_cuda_device_reason() ==
          "no CUDA driver on this machine (libcuda.so.1, or $POLICYTUNE_CUDA_DRIVER, not found)");
  }
  const ScopedVariable driver("POLICYTUNE_CUDA_DRIVER", POLICYTUNE_FAKE_CUDA_DRIVER);
  SECTION("a driver that fails to start") {
    const ScopedVariable devices("FAKE_CUDA_DEVICES", "fail");
    CHECK(no_cuda_device_reason() == "the CUDA driver failed to start (cuInit: CUDA_ERROR_NO_DEVICE)");
  }
  SECTION("a driver that sees no device") {
    const ScopedVariable devices("FAKE_CUDA_DEVICES", "0");
    CHECK(no_cuda_device_reason() == "the CUDA driver sees no device");
  }
  SECTION("a driver with devices") {
    const ScopedVariable devices("FAKE_CUDA_DEVICES", "2");
    CHECK_FALSE(no_cuda_device_reason().has_value());
  }
}
