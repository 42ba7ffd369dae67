// SPDX-License-Identifier: Apache-2.0
// A host benchmark whose variants' speed is known in advance, for the tests of `policytune check`:
// its reported time is `work` units of 100 us (base does 2 units), so work_1 is exactly twice as
// fast as base and work_4 twice as slow, on any machine and under any load.
//
// %RANGE% TUNE_WORK work 1:4:1

#include <policytune/bench.hpp>

#include <cstdint>
#include <vector>

#if TUNE_BASE
constexpr int work = 2;
#else
constexpr int work = TUNE_WORK;
#endif

void check_work(nvbench::state& state)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<std::uint32_t> in(n), out(n), expected(n);
  for (std::size_t i = 0; i < n; ++i)
  {
    in[i]       = static_cast<std::uint32_t>(i * 2654435761u);
    expected[i] = in[i] ^ (in[i] >> 7);
  }
  state.add_element_count(n);
  state.verify_with([&] { return policytune::bench::expect_equal(out, expected); });
  // The work runs and is verified, but the sample's duration is the model's (100 us a pass), so
  // that the verdicts under test do not depend on this machine's load.
  state.exec(nvbench::exec_tag::timer, [&](nvbench::launch&, auto& timer) {
    for (int pass = 0; pass < work; ++pass)
    {
      // Each pass writes the same result; the barrier keeps the compiler from merging passes.
      for (std::size_t i = 0; i < n; ++i)
      {
        out[i] = in[i] ^ (in[i] >> 7);
      }
      asm volatile("" : : "r"(out.data()) : "memory");
    }
    timer.report_seconds(work * 100e-6);
  });
}

NVBENCH_BENCH(check_work).set_name("base").add_int64_axis("N", {1 << 18});
