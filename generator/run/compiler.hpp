#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace policytune {

// How benchmark sources are compiled. `.cu` files go to the CUDA compiler, everything else to the
// host C++ compiler; both get the harness include directory and the variant's defines.
struct CompilerOptions {
  std::string host_compiler = "c++";
  std::string cuda_compiler = "nvcc";
  std::vector<std::string> cuda_architectures{"90"};  // SM numbers: 80, 90, 90a
  std::vector<std::string> include_directories;       // the harness directory comes first
  std::vector<std::string> extra_flags;
  std::string launcher;  // ccache, sccache, distcc: prepended to every compile when set
  // Where built binaries are kept for the next build of the same (run/build_cache.hpp); none when
  // empty. Not part of the command.
  std::string build_cache;
  std::uintmax_t build_cache_size = std::uintmax_t{5} << 30;  // bytes; the least recently used go past it
};

bool is_cuda_source(const std::string& path);

// The argument vector that compiles `source` into the executable `output`.
std::vector<std::string> compile_command(const CompilerOptions& options, const std::string& source,
                                         const std::string& output,
                                         const std::vector<std::pair<std::string, std::string>>& defines);

// Where the harness headers are: $POLICYTUNE_HARNESS_DIR, else where this build of policytune
// knows them to be.
std::string default_harness_directory();

// The include directories every benchmark gets: the harness, then the folder of the stand-ins for
// the headers CUB's own benchmarks include (<nvbench/nvbench.cuh>, <nvbench_helper.cuh>,
// <look_back_helper.cuh>), so that those build unchanged; then the protocol headers' folder where
// the harness's has none beside it (a build tree).
std::vector<std::string> default_include_directories();

}  // namespace policytune
