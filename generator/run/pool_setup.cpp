#include "run/pool_setup.hpp"

#include <fmt/format.h>
#include <sstream>

#include <sys/utsname.h>

#include "core/environment_error.hpp"
#include "core/user_error.hpp"
#include "core/version.hpp"
#include "run/process.hpp"

namespace policytune {
namespace {

constexpr std::chrono::duration<double> kVersionTimeout{30.0};

// "g++ 'c++ (Debian 12.2.0-14) 12.2.0'", or the name alone where it said nothing.
std::string spelled(const std::string& name, const std::string& version) {
  return version.empty() ? name : fmt::format("{} ('{}')", name, version);
}

void require_same_compiler(const CompilePool& pool, const std::string& option, const std::string& named,
                           const std::string& pooled_name, const std::string& pooled_version) {
  if (pooled_version.empty()) return;  // the pool's did not say what it is: nothing to compare
  const auto version = compiler_version(named);
  if (!version || *version == pooled_version) return;
  throw UserError((pool.folder() / CompilePool::kManifestName).string(), 0,
                  fmt::format("the pool was built with {}, and {} {} says it is '{}': build the pool with it, or "
                              "leave {} out",
                              spelled(pooled_name, pooled_version), option, named, *version, option));
}

}  // namespace

std::optional<std::string> compiler_version(const std::string& program) {
  ProcessResult result;
  try {
    result = run_process({program, "--version"}, kVersionTimeout);
  } catch (const EnvironmentError&) {
    return std::nullopt;  // not installed, or not a program
  }
  if (!result.succeeded()) return std::nullopt;
  std::istringstream lines(result.out);
  std::string line;
  std::string first;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    if (first.empty()) first = line;
    if (line.find("release") != std::string::npos) return line;
  }
  if (first.empty()) return std::nullopt;
  return first;
}

std::string machine_name() {
  struct utsname name {};
  if (::uname(&name) != 0) return "unknown";
  return name.machine;
}

PoolBuildSetup current_pool_setup(const CompilerOptions& compiler) {
  PoolBuildSetup setup;
  setup.policytune_version = std::string(kVersion);
  setup.machine = machine_name();
  setup.cuda_architectures = compiler.cuda_architectures;
  setup.host_compiler = compiler.host_compiler;
  setup.host_compiler_version = compiler_version(compiler.host_compiler).value_or("");
  setup.cuda_compiler = compiler.cuda_compiler;
  setup.cuda_compiler_version = compiler_version(compiler.cuda_compiler).value_or("");
  setup.extra_flags = compiler.extra_flags;
  return setup;
}

void require_pool_serves(const CompilePool& pool, const PoolExpectation& expected) {
  const PoolBuildSetup& built = pool.setup();
  const std::string manifest = (pool.folder() / CompilePool::kManifestName).string();
  if (built.policytune_version != kVersion) {
    throw UserError(manifest, 0,
                    fmt::format("the pool was built by policytune {}, and this is {}: its harness may speak "
                                "otherwise; build the pool again",
                                built.policytune_version, kVersion));
  }
  if (built.machine != machine_name()) {
    throw UserError(
        manifest, 0,
        fmt::format("the pool's binaries are for {}, and this machine is {}", built.machine, machine_name()));
  }
  if (expected.cuda_architectures && *expected.cuda_architectures != built.cuda_architectures) {
    throw UserError(
        manifest, 0,
        fmt::format("the pool was built for --cuda-arch {}, and this search names --cuda-arch {}",
                    fmt::join(built.cuda_architectures, " "), fmt::join(*expected.cuda_architectures, " ")));
  }
  if (expected.host_compiler) {
    require_same_compiler(pool, "--cxx", *expected.host_compiler, built.host_compiler, built.host_compiler_version);
  }
  if (expected.cuda_compiler) {
    require_same_compiler(pool, "--nvcc", *expected.cuda_compiler, built.cuda_compiler, built.cuda_compiler_version);
  }
}

}  // namespace policytune
