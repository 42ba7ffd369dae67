#include "run/hardware_limit_refusal.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("ptxas's refusal of too much shared data is a hardware limit with the size it needed", "[hardware_limit]") {
  // As nvcc 13.0 printed it on an H100 for scan-by-key at 23 items x 992 threads.
  const std::string output =
      "nvcc warning : something unrelated\n"
      "ptxas error   : Entry function '_ZN3cub17CUB_300001_SM_9006detail11scan_by_key21DeviceScanByKeyKernel' "
      "uses too much shared data (0x16490 bytes, 0xc000 max)\n";
  CHECK(hardware_limit_refusal(output) ==
        "needs 91280 bytes of static shared memory per block, over the 49152 every device allows (ptxas)");
}

TEST_CASE("ptxas's refusal of too much local data is a hardware limit too", "[hardware_limit]") {
  CHECK(hardware_limit_refusal(
            "ptxas error   : Entry function 'k' uses too much local data (0x80010 bytes, 0x80000 max)") ==
        "needs 524304 bytes of local memory per thread, over the 524288 ptxas allows");
}

TEST_CASE("other compiler errors are not hardware limits", "[hardware_limit]") {
  CHECK_FALSE(hardware_limit_refusal("bench.cu(12): error: identifier \"x\" is undefined"));
  CHECK_FALSE(hardware_limit_refusal("ptxas error   : Entry function 'k' has an unsupported feature"));
  // The words alone, without ptxas's numbers, say nothing of a size.
  CHECK_FALSE(hardware_limit_refusal("error: uses too much shared data"));
  // A refusal on another line than ptxas's name is not taken for one.
  CHECK_FALSE(hardware_limit_refusal("ptxas info\nuses too much shared data (0x10 bytes, 0x8 max)"));
  CHECK_FALSE(hardware_limit_refusal(""));
}
