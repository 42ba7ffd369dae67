#include "run/gpu_presence.hpp"

#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <cstring>

namespace policytune {
namespace {

// What the child tells its parent, as its exit code.
enum Answer : int { device = 0, no_driver = 10, init_failed = 11, no_device = 12 };

// In the child: the driver's answer, and for a failed cuInit its error's name into `error`.
int ask_driver(std::array<char, 128>& error) {
  const char* library = std::getenv("POLICYTUNE_CUDA_DRIVER");
  void* driver = ::dlopen(library != nullptr && *library != '\0' ? library : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (driver == nullptr) return no_driver;
  using Init = int (*)(unsigned);
  using Count = int (*)(int*);
  using Name = int (*)(int, const char**);
  const auto init = reinterpret_cast<Init>(::dlsym(driver, "cuInit"));
  const auto count = reinterpret_cast<Count>(::dlsym(driver, "cuDeviceGetCount"));
  const auto name = reinterpret_cast<Name>(::dlsym(driver, "cuGetErrorName"));
  if (init == nullptr || count == nullptr) return no_driver;
  if (const int status = init(0); status != 0) {
    const char* text = nullptr;
    if (name != nullptr && name(status, &text) == 0 && text != nullptr) {
      std::strncpy(error.data(), text, error.size() - 1);
    }
    return init_failed;
  }
  int devices = 0;
  if (count(&devices) != 0 || devices == 0) return no_device;
  return device;
}

}  // namespace

std::optional<std::string> no_cuda_device_reason() {
  int pipe_ends[2];
  if (::pipe(pipe_ends) != 0) return std::nullopt;
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(pipe_ends[0]);
    ::close(pipe_ends[1]);
    return std::nullopt;
  }
  if (child == 0) {
    ::close(pipe_ends[0]);
    std::array<char, 128> error{};
    const int answer = ask_driver(error);
    (void)!::write(pipe_ends[1], error.data(), std::strlen(error.data()));
    ::_exit(answer);
  }
  ::close(pipe_ends[1]);
  std::array<char, 128> error{};
  ssize_t read_bytes = 0;
  while (true) {
    const ssize_t n = ::read(pipe_ends[0], error.data() + read_bytes, error.size() - 1 - read_bytes);
    if (n <= 0) break;
    read_bytes += n;
  }
  ::close(pipe_ends[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0) {}
  if (!WIFEXITED(status)) return std::nullopt;  // the driver crashed the child: let base tell
  switch (WEXITSTATUS(status)) {
    case no_driver:
      return std::string("no CUDA driver on this machine (libcuda.so.1, or $POLICYTUNE_CUDA_DRIVER, not found)");
    case init_failed:
      return "the CUDA driver failed to start (cuInit: " + std::string(read_bytes > 0 ? error.data() : "an error") +
             ")";
    case no_device:
      return std::string("the CUDA driver sees no device");
    default:
      return std::nullopt;
  }
}

}  // namespace policytune
