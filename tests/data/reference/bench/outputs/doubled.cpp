// SPDX-License-Identifier: Apache-2.0
// Test data: a host benchmark without a check of its own, verified against base's output the way
// the NVBench compatibility headers verify CUB's benchmarks (policytune/bench/reference_output.hpp):
// it registers its buffers and declares its output; variant bug_1 writes one wrong element.
//
// %RANGE% TUNE_BUG bug 0:1:1

#include <policytune/bench.hpp>
#include <policytune/bench/reference_output.hpp>

#include <cstdlib>
#include <cstring>
#include <vector>

#ifndef TUNE_BUG
#  define TUNE_BUG 0
#endif
#if defined(TUNE_BASE) && TUNE_BASE
#  define DOUBLED_IS_BASE true
#else
#  define DOUBLED_IS_BASE false
#endif

namespace
{
void copy_host(void* host, const void* buffer, std::size_t bytes) { std::memcpy(host, buffer, bytes); }

bool check_with_base(const nvbench::state& s, policytune::bench::verification& result)
{
  bool checked = false;
  result       = policytune::bench::detail::check_with_reference(
    s.key(), s.declared_outputs(), policytune::bench::buffers().live(), &copy_host,
    std::getenv("POLICYTUNE_REFERENCE_DIR"), DOUBLED_IS_BASE, checked);
  return checked;
}
const bool installed = (policytune::bench::detail::unverified_output_check = &check_with_base, true);

void doubled(nvbench::state& state)
{
  const auto n = static_cast<std::size_t>(state.get_int64("Elements"));
  std::vector<int> in(n), out(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>(i);
  policytune::bench::buffers().add(in.data(), n * sizeof(int));
  policytune::bench::buffers().mark_input(in.data());
  policytune::bench::buffers().add(out.data(), n * sizeof(int));
  state.add_global_memory_reads<int>(n);
  state.add_global_memory_writes<int>(n);
  state.exec([&] {
    for (std::size_t i = 0; i < n; ++i) out[i] = 2 * in[i] + (TUNE_BUG != 0 && i == n / 2 ? 1 : 0);
  });
  policytune::bench::buffers().remove(in.data());
  policytune::bench::buffers().remove(out.data());
}
} // namespace

NVBENCH_BENCH(doubled).set_name("base").add_int64_axis("Elements", {1000});
