#pragma once

#include <optional>
#include <string>

#include "run/compile_pool.hpp"
#include "run/compiler.hpp"

namespace policytune {

// What a compiler says it is: the line of `program --version` that names its release (nvcc's
// "Cuda compilation tools, release 13.0, V13.0.88"), else its first line ("c++ (Debian 12.2.0-14)
// 12.2.0"). nullopt when it cannot be run or fails: a machine without a compiler.
std::optional<std::string> compiler_version(const std::string& program);

// The processor this machine's binaries are for, as uname says it ("x86_64", "aarch64").
std::string machine_name();

// What `compiler` builds with on this machine: the setup a pool built here records.
PoolBuildSetup current_pool_setup(const CompilerOptions& compiler);

// What a search that measures a pool was told about the build it expects: the options its command
// line names (an option left out is the pool's, not a default's).
struct PoolExpectation {
  std::optional<std::string> host_compiler;  // --cxx
  std::optional<std::string> cuda_compiler;  // --nvcc
  std::optional<std::vector<std::string>> cuda_architectures;
};

// Throws UserError naming pool.json and the first difference when `pool` cannot serve a search
// on this machine: another policytune, another processor, other architectures than named, or a
// named compiler that says it is another than the pool's. A named compiler that cannot be run
// is no difference: nothing is compiled here, and a measuring machine needs none.
void require_pool_serves(const CompilePool& pool, const PoolExpectation& expected);

}  // namespace policytune
