// SPDX-License-Identifier: Apache-2.0
// Fault injection for the driver's tests: a tiny host benchmark whose variants fail in every way a
// variant can. Base (TUNE_BASE=1) and fault 0 are correct; otherwise TUNE_FAULT selects:
//
//   0  correct
//   1  compile error
//   2  compiler hang (constant evaluation that takes over an hour with plain g++ -O2)
//   3  segfault at run time
//   4  hang at run time
//   5  wrong result (verification fails)
//   6  prints garbage instead of JSON on stdout, exit 0
//
// %RANGE% TUNE_FAULT fault 0:6:1

#if !TUNE_BASE && TUNE_FAULT == 6
#  define POLICYTUNE_BENCH_NO_MAIN
#endif
#include <policytune/bench.hpp>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <unistd.h>

#if TUNE_BASE
#  define FAULT 0
#else
#  define FAULT TUNE_FAULT
#endif

#if FAULT == 1
// A type error, as a broken policy would produce.
static_assert(sizeof(int) == 4);
inline int broken_policy() { return std::vector<int>{1, 2, 3}; } // deliberate compile error
#endif

#if FAULT == 2
// Each constant evaluation stays well inside GCC's default limits (-fconstexpr-ops-limit=2^25,
// -fconstexpr-loop-limit=262144) and takes about half a second; there are 9000 of them, with
// distinct arguments so that GCC cannot reuse a result. No diagnostic is issued (so -fmax-errors
// cannot end it early) and memory stays flat: the compiler just runs for over an hour.
constexpr long long burn(long long seed)
{
  long long s = seed;
  for (long long i = 0; i < 500; ++i)
  {
    for (long long j = 0; j < 1000; ++j)
    {
      s += (i ^ j) & 1;
    }
  }
  return s;
}
#  define FAULT_BURN_1(n) static_assert(burn(n) != -1, "compiler hang");
#  define FAULT_BURN_10(n)                                                                                       \
    FAULT_BURN_1(n##0) FAULT_BURN_1(n##1) FAULT_BURN_1(n##2) FAULT_BURN_1(n##3) FAULT_BURN_1(n##4) FAULT_BURN_1(n##5) \
      FAULT_BURN_1(n##6) FAULT_BURN_1(n##7) FAULT_BURN_1(n##8) FAULT_BURN_1(n##9)
#  define FAULT_BURN_100(n)                                                                                    \
    FAULT_BURN_10(n##0) FAULT_BURN_10(n##1) FAULT_BURN_10(n##2) FAULT_BURN_10(n##3) FAULT_BURN_10(n##4)        \
      FAULT_BURN_10(n##5) FAULT_BURN_10(n##6) FAULT_BURN_10(n##7) FAULT_BURN_10(n##8) FAULT_BURN_10(n##9)
#  define FAULT_BURN_1000(n)                                                                                     \
    FAULT_BURN_100(n##0) FAULT_BURN_100(n##1) FAULT_BURN_100(n##2) FAULT_BURN_100(n##3) FAULT_BURN_100(n##4)     \
      FAULT_BURN_100(n##5) FAULT_BURN_100(n##6) FAULT_BURN_100(n##7) FAULT_BURN_100(n##8) FAULT_BURN_100(n##9)
FAULT_BURN_1000(1)
FAULT_BURN_1000(2)
FAULT_BURN_1000(3)
FAULT_BURN_1000(4)
FAULT_BURN_1000(5)
FAULT_BURN_1000(6)
FAULT_BURN_1000(7)
FAULT_BURN_1000(8)
FAULT_BURN_1000(9)
#endif

#ifdef TUNE_T
using value_types = nvbench::type_list<TUNE_T>;
#else
using value_types = nvbench::type_list<std::int32_t, float>;
#endif

template <class T>
void host(nvbench::state& state, nvbench::type_list<T>)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<T> in(n), out(n, T{}), expected(n);
  for (std::size_t i = 0; i < n; ++i)
  {
    in[i]       = static_cast<T>(i % 1000);
    expected[i] = static_cast<T>(2 * (i % 1000));
  }
#if FAULT == 5
  expected[n / 2] += T{1}; // the reference disagrees with the kernel
#endif
  state.add_element_count(n);
  state.add_global_memory_reads<T>(n);
  state.add_global_memory_writes<T>(n);
  state.verify_with([&] {
    return policytune::bench::expect_equal(out, expected);
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
#if FAULT == 3
    std::raise(SIGSEGV);
#elif FAULT == 4
    for (;;)
    {
      ::sleep(1);
    }
#endif
    for (std::size_t i = 0; i < n; ++i)
    {
      out[i] = static_cast<T>(in[i] + in[i]);
    }
  });
}

NVBENCH_BENCH_TYPES(host, NVBENCH_TYPE_AXES(value_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}"})
  .add_int64_axis("N", {1000, 2000});

#if FAULT == 6
int main(int argc, char** argv)
{
  (void) argc;
  (void) argv;
  std::fputs("this is not json\n", stdout);
  return 0;
}
#endif
