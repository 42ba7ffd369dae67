// A host benchmark whose variants differ hugely in run time (variant repeat_r reads the data r
// times, base 4 times), so that two searches on a noisy machine pick the same winner, repeat_1:
// the Slurm test compares a sharded search's winners with an unsharded one's.
// %RANGE% TUNE_REPEAT repeat 1:6:1

#include <policytune/bench.hpp>

#include <vector>

#if TUNE_BASE
constexpr int repeat = 4;
#else
constexpr int repeat = TUNE_REPEAT;
#endif

void sum(nvbench::state& state, nvbench::type_list<std::int32_t>)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<std::int32_t> data(n, 1);
  std::int64_t result{};
  state.add_element_count(n);
  state.add_global_memory_reads<std::int32_t>(n * repeat);
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<std::int64_t>{result}, std::vector<std::int64_t>{std::int64_t(n)}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    std::int64_t total = 0;
    // Each pass starts elsewhere, so that the compiler cannot fold the passes into one.
    for (int r = 0; r < repeat; ++r)
      for (std::size_t i = 0; i < n; ++i) total += data[(i + r) % n];
    result = total / repeat;
  });
}

NVBENCH_BENCH_TYPES(sum, NVBENCH_TYPE_AXES(nvbench::type_list<std::int32_t>))
  .set_name("sum")
  .set_type_axes_names({"T{ct}"})
  .add_int64_axis("N", {20000, 80000});
