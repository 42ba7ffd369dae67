#pragma once
// The fuzz targets' one helper: parsers that take a path get the input through a file.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

namespace policytune::fuzz {

// A file in /tmp holding the fuzzer's input, named per process so that parallel jobs do not meet.
inline std::string input_file(const std::uint8_t* data, std::size_t size, const char* extension) {
  const std::string path = "/tmp/policytune-fuzz-" + std::to_string(::getpid()) + extension;
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

}  // namespace policytune::fuzz
