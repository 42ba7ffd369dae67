// SPDX-License-Identifier: Apache-2.0
// A host benchmark whose best variant depends on the problem size, known in advance, for the tests
// of `policytune check --dispatch`: a run does 1 + |target - best(N)| passes over its input, where
// best(N) is 1 up to 2^12 elements and 3 from 2^14 on; base does 2 passes everywhere, and the time
// reported is 100 us a pass. So target_1 is twice as fast as base on small inputs and target_3 on
// large ones, each three times as fast as the other there, on any machine and under any load: a
// search keeps a dispatch (target_1 small, target_3 large).
//
// %RANGE% TUNE_TARGET target 1:3:1

#include <policytune/bench.hpp>

#include <cstdint>
#include <vector>

void sized_work(nvbench::state& state)
{
  const auto n = static_cast<std::size_t>(state.get_int64("Elements{io}"));
#if TUNE_BASE
  const int passes = 2;
#else
  const int best   = n <= (std::size_t{1} << 12) ? 1 : 3;
  const int passes = 1 + (TUNE_TARGET > best ? TUNE_TARGET - best : best - TUNE_TARGET);
#endif
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
    for (int pass = 0; pass < passes; ++pass)
    {
      // Each pass writes the same result; the barrier keeps the compiler from merging passes.
      for (std::size_t i = 0; i < n; ++i)
      {
        out[i] = in[i] ^ (in[i] >> 7);
      }
      asm volatile("" : : "r"(out.data()) : "memory");
    }
    timer.report_seconds(passes * 100e-6);
  });
}

NVBENCH_BENCH(sized_work).set_name("base").add_int64_power_of_two_axis("Elements{io}", {10, 12, 14, 16, 18});
