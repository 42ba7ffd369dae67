// SPDX-License-Identifier: Apache-2.0
// PolicyTune's benchmark harness. Include this (include directory: bench/) in a benchmark source.
//
// The vocabulary is NVBench's, so a CUB tuning benchmark ports by changing its include:
//
//   #include <policytune/bench.hpp>
//
//   // %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
//   template <class T>
//   void my_algo(nvbench::state& state, nvbench::type_list<T>)
//   {
//     const auto n = state.get_int64("Elements{io}");
//     state.add_element_count(n);
//     state.add_global_memory_reads<T>(n);
//     state.verify_with([&] { return policytune::bench::expect_equal(out, expected); });
//     state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) { ... });
//   }
//   NVBENCH_BENCH_TYPES(my_algo, NVBENCH_TYPE_AXES(fundamental_types))
//     .set_name("base")
//     .set_type_axes_names({"T{ct}"})
//     .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4));
//
// The harness defines main() unless POLICYTUNE_BENCH_NO_MAIN is defined; the benchmark then calls
// policytune::bench::main(argc, argv) itself. Compiled by a host compiler it needs no CUDA header.
// See bench/README.md for the command line and the JSON protocol.
#pragma once

#include <policytune/bench/config.hpp>
#include <policytune/bench/types.hpp>
#include <policytune/bench/type_lists.hpp>
#include <policytune/bench/axis.hpp>
#include <policytune/bench/verify.hpp>
#include <policytune/bench/state.hpp>
#if POLICYTUNE_BENCH_CUDA
#  include <policytune/bench/cuda_inputs.hpp>
#  include <policytune/bench/cuda_memory.hpp>
#  include <policytune/bench/launch_limits.hpp>
#endif

// What follows runs once per process (registration, command line, device query, JSON) and is
// most of the harness's code. Host builds with GCC compile it without optimisation: that takes
// over a third off the compile time of a small host benchmark (2.1 s -> 1.3 s for
// transpose/blocked.cpp) and costs nothing measurable at run time, since the timed path
// (state::exec, the sampler, the verification helpers) is above and keeps the benchmark's flags.
// The standard headers come first so that their templates keep the benchmark's flags too.
// Define POLICYTUNE_BENCH_OPTIMIZE_HARNESS to compile everything with the benchmark's flags.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__) && !defined(__INTEL_COMPILER) \
  && !defined(POLICYTUNE_BENCH_OPTIMIZE_HARNESS)
#  define POLICYTUNE_BENCH_COLD_O0 1
#  pragma GCC push_options
#  pragma GCC optimize("O0")
#endif
#include <policytune/bench/benchmark.hpp>
#include <policytune/bench/device.hpp>
#include <policytune/bench/json.hpp>
#include <policytune/bench/runner.hpp>
#if defined(POLICYTUNE_BENCH_COLD_O0)
#  pragma GCC pop_options
#  undef POLICYTUNE_BENCH_COLD_O0
#endif

// A batched build (several variants in one binary, see bench/README.md) redefines this around
// each variant, so that every entry knows its variant and `--variant NAME` picks one.
#ifndef POLICYTUNE_BENCH_VARIANT
#  define POLICYTUNE_BENCH_VARIANT ""
#endif

#define POLICYTUNE_BENCH_CAT_(a, b) a##b
#define POLICYTUNE_BENCH_CAT(a, b) POLICYTUNE_BENCH_CAT_(a, b)

/// The type axes of a benchmark: each argument is a type_list of one axis' values.
#define POLICYTUNE_BENCH_TYPE_AXES(...) ::policytune::bench::type_list<__VA_ARGS__>

/// Registers `fn`, a function template `void fn(state&, type_list<Ts...>)`, over the cartesian
/// product of the type axes. Evaluates to the entry's builder (benchmark_base&).
#define POLICYTUNE_BENCH_TYPES(fn, ...) POLICYTUNE_BENCH_TYPES_(__COUNTER__, fn, __VA_ARGS__)
#define POLICYTUNE_BENCH_TYPES_(id, fn, ...) POLICYTUNE_BENCH_TYPES__(id, fn, __VA_ARGS__)
#define POLICYTUNE_BENCH_TYPES__(id, fn, ...)                                                             \
  namespace                                                                                               \
  {                                                                                                       \
  struct POLICYTUNE_BENCH_CAT(policytune_bench_callable_, id)                                             \
  {                                                                                                       \
    template <class... Ts>                                                                                \
    void operator()(::policytune::bench::state& s, ::policytune::bench::type_list<Ts...> types) const    \
    {                                                                                                     \
      fn(s, types);                                                                                       \
    }                                                                                                     \
  };                                                                                                      \
  }                                                                                                       \
  [[maybe_unused]] static ::policytune::bench::benchmark_base& POLICYTUNE_BENCH_CAT(policytune_bench_entry_, id) = \
    ::policytune::bench::register_benchmark<POLICYTUNE_BENCH_CAT(policytune_bench_callable_, id), __VA_ARGS__>( \
      #fn, POLICYTUNE_BENCH_VARIANT)

/// Registers `fn`, a function `void fn(state&)` without type axes.
#define POLICYTUNE_BENCH(fn) POLICYTUNE_BENCH_(__COUNTER__, fn)
#define POLICYTUNE_BENCH_(id, fn) POLICYTUNE_BENCH__(id, fn)
#define POLICYTUNE_BENCH__(id, fn)                                                                        \
  namespace                                                                                               \
  {                                                                                                       \
  struct POLICYTUNE_BENCH_CAT(policytune_bench_callable_, id)                                             \
  {                                                                                                       \
    void operator()(::policytune::bench::state& s, ::policytune::bench::type_list<>) const                \
    {                                                                                                     \
      fn(s);                                                                                              \
    }                                                                                                     \
  };                                                                                                      \
  }                                                                                                       \
  [[maybe_unused]] static ::policytune::bench::benchmark_base& POLICYTUNE_BENCH_CAT(policytune_bench_entry_, id) = \
    ::policytune::bench::register_benchmark<POLICYTUNE_BENCH_CAT(policytune_bench_callable_, id),               \
                                            ::policytune::bench::type_list<>>(#fn, POLICYTUNE_BENCH_VARIANT)

// NVBench's names, so that CUB's benchmarks port by changing their include.
#ifndef POLICYTUNE_BENCH_NO_NVBENCH_NAMES
namespace nvbench = ::policytune::bench;
#  define NVBENCH_TYPE_AXES(...) POLICYTUNE_BENCH_TYPE_AXES(__VA_ARGS__)
#  define NVBENCH_BENCH_TYPES(fn, ...) POLICYTUNE_BENCH_TYPES(fn, __VA_ARGS__)
#  define NVBENCH_BENCH(fn) POLICYTUNE_BENCH(fn)
#  define NVBENCH_DECLARE_TYPE_STRINGS(Type, Label, Spelling) \
    POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(Type, Label, Spelling)
#endif

#ifndef POLICYTUNE_BENCH_NO_MAIN
int main(int argc, char** argv)
{
  return ::policytune::bench::main(argc, argv);
}
#endif
