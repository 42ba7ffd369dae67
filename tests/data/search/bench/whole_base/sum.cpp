// The tiny benchmark, but its type list ignores TUNE_T: a base narrowed to one type lists both,
// and the search builds base whole (run/base_narrowing.hpp).
// %RANGE% TUNE_UNROLL unroll 1:6:1

#include <policytune/bench.hpp>

#include <vector>

#if TUNE_BASE
constexpr int unroll = 1;
#else
constexpr int unroll = TUNE_UNROLL;
#endif

using value_types = nvbench::type_list<std::int32_t, float>;

template <typename T>
void sum(nvbench::state& state, nvbench::type_list<T>)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<T> data(n, T(1));
  T result{};
  state.add_element_count(n);
  state.add_global_memory_reads<T>(n);
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<T>{result}, std::vector<T>{T(n)}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    T partial[unroll] = {};
    std::size_t i = 0;
    for (; i + unroll <= n; i += unroll)
      for (int u = 0; u < unroll; ++u) partial[u] += data[i + u];
    for (; i < n; ++i) partial[0] += data[i];
    T total{};
    for (int u = 0; u < unroll; ++u) total += partial[u];
    result = total;
  });
}

NVBENCH_BENCH_TYPES(sum, NVBENCH_TYPE_AXES(value_types))
  .set_name("sum")
  .set_type_axes_names({"T{ct}"})
  .add_int64_axis("N", {1000, 4000});
