// SPDX-License-Identifier: Apache-2.0
// Fault injection for batched builds: variants x_3 and x_6 do not compile, the six others do. A
// batch holding all eight fails, and must be split until x_3 and x_6 are isolated while the
// others are still built, run and verified.
//
// %RANGE% TUNE_X x 1:8:1

#include <policytune/bench.hpp>

#include <cstdint>
#include <vector>

#if TUNE_BASE
#  define SCALE 1
#else
static_assert(TUNE_X != 3 && TUNE_X != 6, "deliberate failure in x_3 and x_6");
// A macro of the source's own: a batch undefines it after each variant, so it may differ.
#  define SCALE TUNE_X
#endif

void batch_isolation(nvbench::state& state)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<std::int64_t> in(n, 1);
  std::int64_t total = 0;
  state.add_element_count(n);
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<std::int64_t>{total},
                                                                 std::vector<std::int64_t>{std::int64_t(n) * SCALE}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    total = 0;
    for (const auto value : in) total += value * SCALE;
  });
}

NVBENCH_BENCH(batch_isolation).set_name("batch_isolation").add_int64_axis("N", {1000});
