#include "space/verification_means.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {
BenchmarkVerification verification_of(const std::string& path) {
  std::ifstream in(path);
  return find_verification(path, std::string(std::istreambuf_iterator<char>(in), {}));
}
}  // namespace

TEST_CASE("a benchmark with its own check is verified by it, wherever its outputs are declared", "[verification]") {
  testing::TemporaryDirectory directory("verification");
  const auto path = directory.write("sum.cpp",
                                    "// %RANGE% TUNE_X x 1:4:1\n"
                                    "state.add_global_memory_writes<int>(1);\n"
                                    "state.verify_with([](auto&) {});\n");
  const auto found = verification_of(path);
  CHECK(found.means == VerificationMeans::own_check);
  CHECK(found.evidence == "sum.cpp:3");
  CHECK_THAT(found.describe(), Catch::StartsWith("its own check"));
}

TEST_CASE("a CUB benchmark's declared outputs are found in the files it includes with quotes", "[verification]") {
  // CUB's reduce/sum.cu is its %RANGE% lines, `#include "base.cuh"` and little else.
  testing::TemporaryDirectory directory("verification");
  directory.write("base.cuh", "#pragma once\n\n  state.add_global_memory_writes<T>(1);\n");
  const auto path =
      directory.write("sum.cu", "// %RANGE% TUNE_X x 1:4:1\n#include <nvbench_helper.cuh>\n#include \"base.cuh\"\n");
  const auto found = verification_of(path);
  CHECK(found.means == VerificationMeans::base_outputs);
  CHECK(found.evidence == "base.cuh:3");
}

TEST_CASE("nothing to verify by is said, and commented code or a missing include does not count", "[verification]") {
  testing::TemporaryDirectory directory("verification");
  directory.write("loop.cuh", "#include \"loop.cuh\"\n");  // includes itself: read once
  const auto path = directory.write("for_each.cu",
                                    "#include \"loop.cuh\"\n#include \"absent.cuh\"\n"
                                    "// state.verify_with(check);\n"
                                    "state.add_global_memory_reads<T>(n); // add_global_memory_writes\n");
  const auto found = verification_of(path);
  CHECK(found.means == VerificationMeans::nothing_found);
  CHECK(found.evidence.empty());
  CHECK_THAT(found.describe(), Catch::StartsWith("nothing found") && Catch::Contains("wrong_result"));
}
