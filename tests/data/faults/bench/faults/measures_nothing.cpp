// SPDX-License-Identifier: Apache-2.0
// Fault injection for the driver's tests: variants whose tile would not fit return without
// measuring (neither state.exec() nor state.skip()), as CUB's radix_sort/keys.cu of CCCL 3.0 does
// for a policy whose temporary storage exceeds shared memory. They must be recorded as skipped
// (nothing measured), not as failures, and base must still be measured.
//
// %RANGE% TUNE_TILE tile 1:4:1

#include <policytune/bench.hpp>

#include <cstdint>

#if TUNE_BASE
constexpr int tile = 2;
#else
constexpr int tile = TUNE_TILE;
#endif
constexpr int largest_tile_that_fits = 2;

void measures_nothing(nvbench::state& state)
{
  if constexpr (tile > largest_tile_that_fits)
  {
    return;
  }
  const auto n = state.get_int64("N");
  std::int64_t total = 0;
  state.add_element_count(static_cast<std::size_t>(n));
  state.verify_with([&] { return policytune::bench::expect_equal(total, n * (n + 1) / 2); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    total = 0;
    for (std::int64_t i = 1; i <= n; ++i)
    {
      total += i;
    }
  });
}

NVBENCH_BENCH(measures_nothing).set_name("base").add_int64_axis("N", {1000, 2000});
