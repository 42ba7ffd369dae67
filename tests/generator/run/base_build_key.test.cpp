// base_build_key(): what base's answers are kept under (store/base_answer_cache.hpp keeps them).
#include "run/base_build_key.hpp"

#include <catch2/catch.hpp>
#include <sys/stat.h>
#include <utime.h>

#include <filesystem>

#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::kTinyBenchmark;
namespace fs = std::filesystem;

namespace {
const std::vector<std::pair<std::string, std::string>> kBase = {{"TUNE_BASE", "1"}};
}  // namespace

TEST_CASE("base's build key follows the command and the compiler, not the launcher", "[base_answer]") {
  testing::TemporaryDirectory directory("base-answers");
  const std::string compiler = directory.write("my-c++", "#!/bin/sh\nexec c++ \"$@\"\n");
  ::chmod(compiler.c_str(), 0755);
  CompilerOptions options;
  options.host_compiler = compiler;
  const auto plain = base_build_key(options, kTinyBenchmark, kBase);
  REQUIRE(plain);
  CHECK(base_build_key(options, kTinyBenchmark, kBase) == plain);
  CompilerOptions launched = options;
  launched.launcher = "ccache";
  CHECK(base_build_key(launched, kTinyBenchmark, kBase) == plain);
  CompilerOptions flagged = options;
  flagged.extra_flags = {"-march=native"};
  CHECK(base_build_key(flagged, kTinyBenchmark, kBase) != plain);
  CompilerOptions included = options;
  included.include_directories = {"/opt/other"};
  CHECK(base_build_key(included, kTinyBenchmark, kBase) != plain);
  CHECK(base_build_key(options, POLICYTUNE_TEST_DATA "/search/bench/tiny/../tiny/sum.cpp", kBase) != plain);
  // A base narrowed to one compile-time workload answers for that one only.
  CHECK(base_build_key(options, kTinyBenchmark, {{"TUNE_BASE", "1"}, {"TUNE_T", "float"}}) != plain);
  // The compiler upgraded in place: same path, another file.
  struct utimbuf times {
    1000000000, 1000000000
  };
  REQUIRE(::utime(compiler.c_str(), &times) == 0);
  CHECK(base_build_key(options, kTinyBenchmark, kBase) != plain);
  // A compiler that is not there: no key, so base is built and says so.
  options.host_compiler = directory.file("no-such-c++");
  CHECK_FALSE(base_build_key(options, kTinyBenchmark, kBase));
}

TEST_CASE("base's build key follows a CCCL checkout on the include path updated in place", "[base_answer]") {
  testing::TemporaryDirectory directory("base-answers");
  fs::create_directories(directory.file("cccl/cub"));
  const std::string version = directory.write("cccl/cub/version.cuh", "#define CUB_VERSION 300001\n");
  CompilerOptions options;
  options.host_compiler = "c++";
  options.include_directories = {directory.file("cccl")};
  const auto before = base_build_key(options, kTinyBenchmark, kBase);
  REQUIRE(before);
  CHECK(base_build_key(options, kTinyBenchmark, kBase) == before);
  // Same folder, same command, another release: what base answers (`library`) may differ.
  struct utimbuf times {
    1000000000, 1000000000
  };
  REQUIRE(::utime(version.c_str(), &times) == 0);
  CHECK(base_build_key(options, kTinyBenchmark, kBase) != before);
}
