// SPDX-License-Identifier: Apache-2.0
// Fault injection: x_2 is refused as ptxas refuses a kernel with too much static shared memory
// (the words of its error, captured on an H100), x_4 is broken. The first must be stored as skipped
// with the size it needs, the second as a failed build, and x_1 and x_3 must still build and run.
//
// %RANGE% TUNE_X x 1:4:1

#include <policytune/bench.hpp>

#include <cstdint>
#include <vector>

#if !TUNE_BASE
static_assert(TUNE_X != 2, "ptxas error   : Entry function '_Z6kernelv' uses too much shared data (0x16490 bytes, 0xc000 max)");
static_assert(TUNE_X != 4, "deliberate failure in x_4");
#endif

void ptxas_refusal(nvbench::state& state)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<std::int64_t> in(n, 1);
  std::int64_t total = 0;
  state.add_element_count(n);
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<std::int64_t>{total},
                                                                 std::vector<std::int64_t>{std::int64_t(n)}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    total = 0;
    for (const auto value : in) total += value;
  });
}

NVBENCH_BENCH(ptxas_refusal).set_name("ptxas_refusal").add_int64_axis("N", {1000});
