// Kernel Tuner cache files, as `import` and `replay` read them (plain JSON; gzip is zlib's).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/user_error.hpp"
#include "input_file.hpp"
#include "kernel_tuner/kernel_tuner_import.hpp"
#include "kernel_tuner/landscape.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace policytune;
  const std::string path = fuzz::input_file(data, size, ".json");
  try {
    (void)import_kernel_tuner(path, std::nullopt);
  } catch (const UserError&) {}
  try {
    (void)Landscape::read(path);
  } catch (const UserError&) {}
  return 0;
}
