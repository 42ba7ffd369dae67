// SPDX-License-Identifier: Apache-2.0
// Fault injection for the driver's tests: a stand-in for a device that allows 1024 threads per
// block. Variants above it skip their states, as CUDA benchmarks do with
// policytune::bench::skip_unless_launchable, and must be recorded as skipped, not as failures.
//
// %RANGE% TUNE_THREADS tpb 512:2048:512

#include <policytune/bench.hpp>

#include <cstdint>
#include <string>
#include <vector>

#if TUNE_BASE
constexpr long long threads_per_block = 256;
#else
constexpr long long threads_per_block = TUNE_THREADS;
#endif
constexpr long long device_max_threads_per_block = 1024;

void device_limits(nvbench::state& state)
{
  if (threads_per_block > device_max_threads_per_block)
  {
    state.skip("needs " + std::to_string(threads_per_block) + " threads per block, the device allows "
               + std::to_string(device_max_threads_per_block));
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

NVBENCH_BENCH(device_limits).set_name("base").add_int64_axis("N", {1000, 2000});
