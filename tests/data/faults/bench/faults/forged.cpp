// SPDX-License-Identifier: Apache-2.0
// Fault injection for the driver's tests: variants that print a harness document of their own, as
// any binary can. Base (TUNE_BASE=1) and forgery 0 are the real harness; otherwise TUNE_FORGERY
// selects what the document claims:
//
//   1  a median of 1e-300 s (it would rank first and be shipped)
//   2  a negative median
//   3  fewer samples than the search asked for
//   4  a state of an entry the benchmark does not have
//   5  a runtime workload the run was not asked for (N=3000)
//   6  the same state twice
//   7  a compile-time workload the run was not asked for
//
// %RANGE% TUNE_FORGERY forgery 0:7:1

#if !TUNE_BASE && TUNE_FORGERY != 0
#  define POLICYTUNE_BENCH_NO_MAIN
#  define FORGED 1
#endif
#include <policytune/bench.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

template <class T>
void forged(nvbench::state& state, nvbench::type_list<T>)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<T> in(n, T{1}), out(n);
  state.verify_with([&] {
    return policytune::bench::expect_equal(out, in);
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    for (std::size_t i = 0; i < n; ++i)
    {
      out[i] = in[i];
    }
  });
}

NVBENCH_BENCH_TYPES(forged, NVBENCH_TYPE_AXES(nvbench::type_list<std::int32_t>))
  .set_name("base")
  .set_type_axes_names({"T{ct}"})
  .add_int64_axis("N", {1000});

#ifdef FORGED
namespace
{
void print_state(const char* entry, const char* ct, const char* rt, long long count, double median)
{
  std::printf(R"({"entry":"%s","ct_workload":"%s","rt_workload":"%s","status":"ok","reason":"","verified":true,)"
              R"("samples":{"count":%lld,"median":%g,"mean":%g,"stddev":0,"min":%g,"max":%g}})",
              entry, ct, rt, count, median, median, median, median);
}
} // namespace

int main()
{
  std::printf(R"({"policytune_harness":1,"status":"ok","device":{"name":"forged","sm_count":1,)"
              R"("memory_bus_width":0,"ecc":false,"compute_capability":"","driver":"x"},)"
              R"("toolkit":"x","library":"host","states":[)");
  switch (TUNE_FORGERY)
  {
    case 1: print_state("base", "T{ct}=I32", "N=1000", 50, 1e-300); break;
    case 2: print_state("base", "T{ct}=I32", "N=1000", 50, -1e-6); break;
    case 3: print_state("base", "T{ct}=I32", "N=1000", 1, 1e-6); break;
    case 4: print_state("ghost", "T{ct}=I32", "N=1000", 50, 1e-6); break;
    case 5: print_state("base", "T{ct}=I32", "N=3000", 50, 1e-6); break;
    case 6:
      print_state("base", "T{ct}=I32", "N=1000", 50, 1e-6);
      std::printf(",");
      print_state("base", "T{ct}=I32", "N=1000", 50, 2e-6);
      break;
    case 7: print_state("base", "T{ct}=F64", "N=1000", 50, 1e-6); break;
  }
  std::printf("]}\n");
  return 0;
}
#endif
