#include "run/library_refusal.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

namespace {
const std::string kBenchmarkSource = "/cccl/cub/benchmarks/bench/segmented_sort/keys.cu";
const std::string kHarness = "/opt/policytune/include";
}  // namespace

TEST_CASE("a static assertion in the library's headers is the library refusing the combination", "[library_refusal]") {
  // As nvcc 13.0 prints CUB 3.0.1's refusal of a segmented sort variant that loads through textures.
  const std::string output =
      "/usr/local/cuda-13.0/include/cccl/cub/device/dispatch/dispatch_segmented_sort.cuh(860): error: static "
      "assertion failed with \"The memory consistency model does not apply to texture accesses\"\n"
      "          detected during:\n            instantiation of ...\n";
  CHECK(library_refusal(output, kBenchmarkSource, kHarness) ==
        "the library rules this combination out: static assertion \"The memory consistency model does not apply to "
        "texture accesses\" (dispatch_segmented_sort.cuh:860)");
  // The host compiler's words for the same.
  CHECK(library_refusal("/usr/include/lib/policy.hpp:17:5: error: static assertion failed: tile too large\n",
                        kBenchmarkSource, kHarness) ==
        "the library rules this combination out: static assertion \"tile too large\" "
        "(policy.hpp:17)");
}

TEST_CASE("an assertion of the benchmark's own or of the harness, or another first error, is a broken build",
          "[library_refusal]") {
  const std::string own =
      "/cccl/cub/benchmarks/bench/segmented_sort/base.cuh(40): error: static assertion failed with \"x\"";
  CHECK_FALSE(library_refusal(own, kBenchmarkSource, kHarness));
  const std::string harness =
      "/opt/policytune/include/policytune/bench/launch_limits.hpp(9): error: static assertion "
      "failed with \"too much shared memory\"";
  CHECK_FALSE(library_refusal(harness, kBenchmarkSource, kHarness));
  // The first error decides: an assertion that follows a real error is no refusal.
  CHECK_FALSE(
      library_refusal("keys.cu(3): error: identifier \"x\" is undefined\n"
                      "/usr/include/cub/a.cuh(1): error: static assertion failed with \"y\"\n",
                      kBenchmarkSource, kHarness));
  CHECK_FALSE(library_refusal("", kBenchmarkSource, kHarness));
  // An #error says nothing of whose combination it refuses: a broken build (faults/all_fail.cpp).
  CHECK_FALSE(
      library_refusal("/cccl/cub/benchmarks/bench/segmented_sort/keys.cu:62:6: error: #error Medium segment "
                      "size must be larger than small one",
                      kBenchmarkSource, kHarness));
  CHECK_FALSE(library_refusal("warning: static assertion failed with \"not an error\"", kBenchmarkSource, kHarness));
}
