// Kernel Tuner cache files, as `import` and `replay` read them (plain JSON; gzip is zlib's).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "input_file.hpp"
#include "kernel_tuner_import.hpp"
#include "landscape.hpp"
#include "user_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace policytune;
  const std::string path = fuzz::input_file(data, size, ".json");
  try {
    (void)import_kernel_tuner(path, std::nullopt);
  } catch (const UserError&) {
  }
  try {
    (void)Landscape::read(path);
  } catch (const UserError&) {
  }
  return 0;
}
