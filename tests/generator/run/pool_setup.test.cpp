// What a pool built here records of the build, and what a search of a pool refuses: another
// policytune, processor, architectures, or a named compiler that says it is another.
#include "run/pool_setup.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "core/version.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
namespace fs = std::filesystem;

namespace {

// A program that answers --version with `line` (and fails otherwise, as a compiler given nothing).
std::string fake_compiler(const testing::TemporaryDirectory& dir, const std::string& name, const std::string& line) {
  const std::string path =
      dir.write(name, "#!/bin/sh\n[ \"$1\" = --version ] && { echo '" + line + "'; exit 0; }\nexit 1\n");
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

CompilePool pool_built_with(const testing::TemporaryDirectory& dir, const PoolBuildSetup& setup) {
  CompilePool::open_for_building(dir.path(), setup).save();
  return CompilePool::open(dir.path());
}

}  // namespace

TEST_CASE("a compiler's version is the line that names its release, else its first", "[pool_setup]") {
  const testing::TemporaryDirectory dir("pool-setup");
  const std::string nvcc_like = dir.write("nvcc",
                                          "#!/bin/sh\necho 'nvcc: NVIDIA (R) Cuda compiler driver'\n"
                                          "echo 'Cuda compilation tools, release 13.0, V13.0.88'\n");
  fs::permissions(nvcc_like, fs::perms::owner_all);
  CHECK(compiler_version(nvcc_like) == "Cuda compilation tools, release 13.0, V13.0.88");
  CHECK(compiler_version(fake_compiler(dir, "cxx", "c++ (Debian 12.2.0-14) 12.2.0")) ==
        "c++ (Debian 12.2.0-14) 12.2.0");
  const std::string failing = dir.write("broken", "#!/bin/sh\nexit 1\n");
  fs::permissions(failing, fs::perms::owner_all);
  CHECK_FALSE(compiler_version(failing).has_value());
  CHECK_FALSE(compiler_version(dir.file("absent")).has_value());
}

TEST_CASE("the setup a pool built here records", "[pool_setup]") {
  const testing::TemporaryDirectory dir("pool-setup");
  CompilerOptions compiler;
  compiler.host_compiler = fake_compiler(dir, "cxx", "cxx 1.0");
  compiler.cuda_compiler = dir.file("no-nvcc");
  compiler.cuda_architectures = {"80", "90"};
  const PoolBuildSetup setup = current_pool_setup(compiler);
  CHECK(setup.policytune_version == kVersion);
  CHECK(setup.machine == machine_name());
  CHECK(setup.host_compiler_version == "cxx 1.0");
  CHECK(setup.cuda_compiler_version.empty());  // not here: nothing to say
  CHECK(setup.cuda_architectures == std::vector<std::string>{"80", "90"});
}

TEST_CASE("a search of a pool refuses what the pool cannot serve, naming the difference", "[pool_setup]") {
  const testing::TemporaryDirectory dir("pool-setup");
  CompilerOptions compiler;
  compiler.host_compiler = fake_compiler(dir, "cxx", "cxx 1.0");
  const PoolBuildSetup setup = current_pool_setup(compiler);

  SECTION("what is left out is the pool's") { CHECK_NOTHROW(require_pool_serves(pool_built_with(dir, setup), {})); }
  SECTION("a named compiler that cannot run is no difference: nothing compiles here") {
    const std::string failing = dir.write("failing", "#!/bin/sh\nexit 1\n");
    fs::permissions(failing, fs::perms::owner_all);
    CHECK_NOTHROW(require_pool_serves(pool_built_with(dir, setup), {failing, "absent-nvcc", std::nullopt}));
  }
  SECTION("the same compiler, under another name") {
    CHECK_NOTHROW(
        require_pool_serves(pool_built_with(dir, setup), {fake_compiler(dir, "g++", "cxx 1.0"), {}, std::nullopt}));
  }
  SECTION("another compiler") {
    CHECK_THROWS_WITH(
        require_pool_serves(pool_built_with(dir, setup), {fake_compiler(dir, "clang++", "clang 99"), {}, std::nullopt}),
        Catch::Contains("pool.json") && Catch::Contains("'cxx 1.0'") && Catch::Contains("--cxx") &&
            Catch::Contains("says it is 'clang 99'"));
  }
  SECTION("other architectures") {
    CHECK_THROWS_WITH(require_pool_serves(pool_built_with(dir, setup), {{}, {}, std::vector<std::string>{"80"}}),
                      Catch::Contains("built for --cuda-arch 90") && Catch::Contains("names --cuda-arch 80"));
  }
  SECTION("another processor") {
    PoolBuildSetup other = setup;
    other.machine = "sparc64";
    CHECK_THROWS_WITH(require_pool_serves(pool_built_with(dir, other), {}),
                      Catch::Contains("for sparc64") && Catch::Contains(machine_name()));
  }
  SECTION("another policytune") {
    PoolBuildSetup other = setup;
    other.policytune_version = "0.0.1";
    CHECK_THROWS_WITH(require_pool_serves(pool_built_with(dir, other), {}),
                      Catch::Contains("policytune 0.0.1") && Catch::Contains("build the pool again"));
  }
}
