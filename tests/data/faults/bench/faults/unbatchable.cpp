// SPDX-License-Identifier: Apache-2.0
// A benchmark every variant of which compiles alone, but no two of which compile together: an
// extern "C" name ignores the namespace a batch puts each variant in. The driver must notice
// and build it one variant per binary.
//
// %RANGE% TUNE_X x 1:4:1

#include <policytune/bench.hpp>

#include <vector>

extern "C" int policytune_unbatchable_marker() { return 0; }

void unbatchable(nvbench::state& state)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<int> in(n, 1);
  int total = 0;
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<int>{total}, std::vector<int>{int(n)}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    total = policytune_unbatchable_marker();
    for (const int value : in) total += value;
  });
}

NVBENCH_BENCH(unbatchable).set_name("unbatchable").add_int64_axis("N", {1000});
