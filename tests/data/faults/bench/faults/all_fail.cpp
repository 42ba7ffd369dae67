// SPDX-License-Identifier: Apache-2.0
// Fault injection for the driver's tests: base compiles and runs; every variant fails to compile
// with the message "deliberate failure".
//
// %RANGE% TUNE_X x 1:3:1

#if !TUNE_BASE
#  error "deliberate failure"
#endif

#include <policytune/bench.hpp>

#include <cstdint>
#include <vector>

#ifdef TUNE_T
using value_types = nvbench::type_list<TUNE_T>;
#else
using value_types = nvbench::type_list<std::int32_t, float>;
#endif

template <class T>
void all_fail(nvbench::state& state, nvbench::type_list<T>)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<T> in(n), out(n, T{}), expected(n);
  for (std::size_t i = 0; i < n; ++i)
  {
    in[i]       = static_cast<T>(i % 1000);
    expected[i] = static_cast<T>(i % 1000 + 1);
  }
  state.add_element_count(n);
  state.add_global_memory_reads<T>(n);
  state.add_global_memory_writes<T>(n);
  state.verify_with([&] {
    return policytune::bench::expect_equal(out, expected);
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    for (std::size_t i = 0; i < n; ++i)
    {
      out[i] = static_cast<T>(in[i] + T{1});
    }
  });
}

NVBENCH_BENCH_TYPES(all_fail, NVBENCH_TYPE_AXES(value_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}"})
  .add_int64_axis("N", {1000, 2000});
