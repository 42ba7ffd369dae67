// SPDX-License-Identifier: Apache-2.0
// Fault injection for the driver's tests: variants whose tile would not fit return without
// measuring (neither state.exec() nor state.skip()), as CUB's radix_sort/keys.cu of CCCL 3.0 does
// for a policy whose temporary storage exceeds shared memory. They must be recorded as skipped
// (nothing measured), not as failures, and base must still be measured.
//
// %RANGE% TUNE_TILE tile 1:4:1

#include <policytune/bench.hpp>

#include <cstdint>
#include <vector>

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
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<std::int64_t> in(n, 1), out(n), expected(n, 2);
  state.add_element_count(n);
  state.verify_with([&] { return policytune::bench::expect_equal(out, expected); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    for (std::size_t i = 0; i < n; ++i)
    {
      out[i] = in[i] + 1;
    }
  });
}

NVBENCH_BENCH(measures_nothing).set_name("base").add_int64_axis("N", {1000, 2000});
