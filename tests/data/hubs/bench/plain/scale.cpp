// SPDX-License-Identifier: Apache-2.0
// A host benchmark without compile-time axes, for the generator's tests: its policy is one plain
// struct, not a template specialised per type (tests/data/hubs/templates/plain_scale.mustache).
// Only parsed and rendered by the tests, never searched.
//
// %RANGE% TUNE_BLOCK block 1:4:1
// %TEST% block_3

#include <policytune/bench.hpp>

#include <cstdint>
#include <vector>

#if TUNE_BASE
constexpr int block = 2;
#else
constexpr int block = TUNE_BLOCK;
#endif

void scale(nvbench::state& state)
{
  const auto n = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  std::vector<std::uint32_t> in(n, 3), out(n), expected(n, 6);
  state.add_element_count(n);
  state.verify_with([&] { return policytune::bench::expect_equal(out, expected); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    for (std::size_t i = 0; i < n; i += block)
      for (std::size_t j = i; j < i + block && j < n; ++j) out[j] = 2 * in[j];
  });
}

NVBENCH_BENCH(scale).set_name("base").add_int64_power_of_two_axis("Elements{io}", nvbench::range(8, 12, 2));
