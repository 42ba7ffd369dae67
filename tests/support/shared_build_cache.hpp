#pragma once

#include <cstdlib>
#include <string>

namespace policytune::testing {

// The build cache the test run shares ($POLICYTUNE_BUILD_CACHE, which tests/CMakeLists.txt sets for
// every test): searches of the same test benchmarks in fresh folders copy what an earlier test
// built instead of compiling it again. Empty outside CTest. A test about compiles themselves
// (launchers, timeouts, killed compilers) leaves it out.
inline std::string shared_build_cache() {
  const char* folder = std::getenv("POLICYTUNE_BUILD_CACHE");
  return folder != nullptr ? folder : "";
}

}  // namespace policytune::testing
