// SPDX-License-Identifier: Apache-2.0
// Fault injection for the driver's tests: a benchmark that measures nothing, base included (it
// returns before state.exec()). The search must stop with one clear error naming the file.
//
// %RANGE% TUNE_TILE tile 1:2:1

#include <policytune/bench.hpp>

void base_measures_nothing(nvbench::state& state)
{
  if (state.get_int64("N") > 0)
  {
    return;
  }
  state.exec(nvbench::exec_tag::no_batch, [](nvbench::launch&) {});
}

NVBENCH_BENCH(base_measures_nothing).set_name("base").add_int64_axis("N", {1000});
