// SPDX-License-Identifier: Apache-2.0
// Fault injection for the driver's tests: variants that print hundreds of MiB, which the driver
// must read to the end without keeping (its memory stays bounded). Base and flood 0 are correct;
//
//   1  prints 600 MiB while it runs (the harness sends a benchmark's own output to stderr): still
//      measured, since what it prints is no result
//   2  prints 600 MiB to stdout, where the harness's document belongs (a main of its own): a
//      failed run, "printed more than 64 MiB to stdout"
//
// %RANGE% TUNE_FLOOD flood 0:2:1

#if !TUNE_BASE && TUNE_FLOOD == 2
#  define POLICYTUNE_BENCH_NO_MAIN
#endif
#include <policytune/bench.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#if TUNE_BASE
#  define FLOOD 0
#else
#  define FLOOD TUNE_FLOOD
#endif

namespace
{
// 600 MiB of text in lines of 1 KiB.
void flood(std::FILE* stream)
{
  const std::vector<char> line(1024, 'x');
  for (int i = 0; i < 600 * 1024; ++i)
  {
    std::fwrite(line.data(), 1, line.size() - 1, stream);
    std::fputc('\n', stream);
  }
  std::fflush(stream);
}
} // namespace

void floods_output(nvbench::state& state)
{
  const auto n = state.get_int64("N");
  std::int64_t total = 0;
  state.add_element_count(static_cast<std::size_t>(n));
  state.verify_with([&] { return policytune::bench::expect_equal(total, n * (n + 1) / 2); });
  bool flooded = false;
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    if (FLOOD == 1 && !flooded)
    {
      flood(stdout);
      flooded = true;
    }
    total = 0;
    for (std::int64_t i = 1; i <= n; ++i)
    {
      total += i;
    }
  });
}

NVBENCH_BENCH(floods_output).set_name("base").add_int64_axis("N", {1000});

#if FLOOD == 2
int main()
{
  flood(stdout);
  return 0;
}
#endif
