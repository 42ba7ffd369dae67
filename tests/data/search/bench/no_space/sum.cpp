// A benchmark without a search space: base and nothing else. Its tuning path names a parameter
// that no range line defines (as CUB's reduce/custom.cu of CCCL 3.4 does): built as a variant, it
// would not compile.

#include <policytune/bench.hpp>

#include <vector>

#if TUNE_BASE
constexpr int unroll = 1;
#else
constexpr int unroll = TUNE_UNROLL;
#endif

void sum(nvbench::state& state)
{
  std::vector<int> data(64, 1);
  int result = 0;
  state.add_element_count(data.size());
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<int>{result}, std::vector<int>{64}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    int total = 0;
    for (std::size_t i = 0; i < data.size(); i += unroll)
      for (int u = 0; u < unroll; ++u) total += data[i + u];
    result = total;
  });
}

NVBENCH_BENCH(sum).set_name("sum");
