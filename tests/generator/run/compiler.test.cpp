#include "run/compiler.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

using namespace policytune;

namespace {

using Args = std::vector<std::string>;

CompilerOptions options_with_includes() {
  CompilerOptions options;
  options.host_compiler = "g++-13";
  options.cuda_compiler = "/usr/local/cuda/bin/nvcc";
  options.cuda_architectures = {"80", "90a"};
  options.include_directories = {"/opt/harness", "/opt/cccl/include"};
  return options;
}

}  // namespace

TEST_CASE("CUDA sources are recognised by their extension", "[compiler]") {
  CHECK(is_cuda_source("bench/reduce/sum.cu"));
  CHECK(is_cuda_source("x.cu"));
  CHECK_FALSE(is_cuda_source("x.cpp"));
  CHECK_FALSE(is_cuda_source("x.cuh"));
  CHECK_FALSE(is_cuda_source("x.cu.cpp"));
  CHECK_FALSE(is_cuda_source("cu"));
}

TEST_CASE("compile_command for a host source", "[compiler]") {
  const auto options = options_with_includes();
  const auto command =
      compile_command(options, "sum.cpp", "build/sum", {{"TUNE_ITEMS", "7"}, {"TUNE_T", "std::int32_t"}});
  CHECK(command == Args{"g++-13", "-std=c++20", "-O2", "-I/opt/harness", "-I/opt/cccl/include", "-DTUNE_ITEMS=7",
                        "-DTUNE_T=std::int32_t", "sum.cpp", "-o", "build/sum"});
}

TEST_CASE("compile_command for a CUDA source", "[compiler]") {
  const auto options = options_with_includes();
  const auto command = compile_command(options, "sum.cu", "out", {{"TUNE_B", "2"}, {"TUNE_A", "1"}});
  REQUIRE(command.size() >= 3);
  CHECK(command.front() == "/usr/local/cuda/bin/nvcc");
  CHECK(command == Args{"/usr/local/cuda/bin/nvcc", "-std=c++20", "-O3", "--extended-lambda",
                        "--generate-code=arch=compute_80,code=sm_80", "--generate-code=arch=compute_90a,code=sm_90a",
                        "-I/opt/harness", "-I/opt/cccl/include", "-DTUNE_B=2", "-DTUNE_A=1", "sum.cu", "-o", "out"});
}

TEST_CASE("compile_command: one --generate-code per architecture, none for host sources", "[compiler]") {
  auto options = options_with_includes();
  const auto count = [](const Args& command) {
    return std::count_if(command.begin(), command.end(),
                         [](const std::string& arg) { return arg.starts_with("--generate-code="); });
  };
  options.cuda_architectures = {"90"};
  CHECK(count(compile_command(options, "a.cu", "a", {})) == 1);
  options.cuda_architectures = {"70", "75", "80", "86", "90"};
  CHECK(count(compile_command(options, "a.cu", "a", {})) == 5);
  CHECK(count(compile_command(options, "a.cpp", "a", {})) == 0);
  CHECK(count(compile_command(CompilerOptions{}, "a.cu", "a", {})) == 1);  // the default: sm_90
}

TEST_CASE("compile_command escapes the commas of a define's value for nvcc only", "[compiler]") {
  // nvcc splits an option's value at commas: `-DT=integral_constant<int, 32>` defined a macro " 32>".
  CompilerOptions options;
  const std::vector<std::pair<std::string, std::string>> defines = {
      {"TUNE_T", "::cuda::std::integral_constant<int, 32>"}, {"TUNE_P", "pair<a,b,c>"}};
  const auto cuda = compile_command(options, "heavy.cu", "out", defines);
  CHECK(std::count(cuda.begin(), cuda.end(), "-DTUNE_T=::cuda::std::integral_constant<int\\, 32>") == 1);
  CHECK(std::count(cuda.begin(), cuda.end(), "-DTUNE_P=pair<a\\,b\\,c>") == 1);
  const auto host = compile_command(options, "heavy.cpp", "out", defines);
  CHECK(std::count(host.begin(), host.end(), "-DTUNE_T=::cuda::std::integral_constant<int, 32>") == 1);
}

TEST_CASE("compile_command puts the launcher first", "[compiler]") {
  auto options = options_with_includes();
  options.launcher = "ccache";
  const auto cuda = compile_command(options, "k.cu", "k", {});
  REQUIRE(cuda.size() >= 2);
  CHECK(cuda[0] == "ccache");
  CHECK(cuda[1] == "/usr/local/cuda/bin/nvcc");
  const auto host = compile_command(options, "k.cpp", "k", {});
  REQUIRE(host.size() >= 2);
  CHECK(host[0] == "ccache");
  CHECK(host[1] == "g++-13");
  CHECK(std::count(host.begin(), host.end(), "ccache") == 1);
}

TEST_CASE("compile_command without includes, defines or launcher", "[compiler]") {
  const CompilerOptions defaults;
  CHECK(compile_command(defaults, "m.cpp", "m", {}) == Args{"c++", "-std=c++20", "-O2", "m.cpp", "-o", "m"});
  CHECK(compile_command(defaults, "m.cu", "m", {}) == Args{"nvcc", "-std=c++20", "-O3", "--extended-lambda",
                                                           "--generate-code=arch=compute_90,code=sm_90", "m.cu", "-o",
                                                           "m"});
}

TEST_CASE("compile_command: includes before defines before extra flags, output last", "[compiler]") {
  auto options = options_with_includes();
  options.extra_flags = {"-lineinfo", "-Xcompiler=-Wall"};
  const auto command = compile_command(options, "s.cu", "bin/s", {{"TUNE_X", "3"}});
  const auto position = [&](const std::string& arg) {
    return std::find(command.begin(), command.end(), arg) - command.begin();
  };
  REQUIRE(command.size() >= 3);
  CHECK(position("-I/opt/harness") < position("-I/opt/cccl/include"));
  CHECK(position("-I/opt/cccl/include") < position("-DTUNE_X=3"));
  CHECK(position("-DTUNE_X=3") < position("-lineinfo"));
  CHECK(position("-lineinfo") < position("-Xcompiler=-Wall"));
  CHECK(position("-Xcompiler=-Wall") < position("s.cu"));
  CHECK(command[command.size() - 3] == "s.cu");
  CHECK(command[command.size() - 2] == "-o");
  CHECK(command.back() == "bin/s");
}

TEST_CASE("every benchmark gets the harness, the protocol it includes and the headers CUB's own benchmarks include",
          "[compiler]") {
  const auto directories = default_include_directories();
  REQUIRE(directories.size() >= 2);
  CHECK(directories[0] == default_harness_directory());
  namespace fs = std::filesystem;
  for (const char* header : {"nvbench/nvbench.cuh", "nvbench_helper.cuh", "look_back_helper.cuh"}) {
    CHECK(fs::is_regular_file(fs::path(directories[1]) / header));
  }
  // <policytune/protocol/version.hpp>, which the harness includes, is found on one of them.
  CHECK(std::any_of(directories.begin(), directories.end(), [](const std::string& directory) {
    return fs::is_regular_file(fs::path(directory) / "policytune" / "protocol" / "version.hpp");
  }));
}
