// A host benchmark over a library (../../lib) that refuses half of the space: the variants with
// tile 3 and 4 fail its static_assert, and are skipped, not stored as broken builds.
// %RANGE% TUNE_TILE tile 1:4:1

#include <policytune/bench.hpp>

#include <vector>

#include "../../lib/tile.hpp"

#if TUNE_BASE
constexpr int tile = 1;
#else
constexpr int tile = TUNE_TILE;
#endif

void sum(nvbench::state& state)
{
  std::vector<int> data(64, 1);
  int result = 0;
  state.add_element_count(data.size());
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<int>{result}, std::vector<int>{64}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    int total = 0;
    for (std::size_t i = 0; i < data.size(); i += tile_policy<tile>::items)
      for (int t = 0; t < tile_policy<tile>::items; ++t) total += data[i + t];
    result = total;
  });
}

NVBENCH_BENCH(sum).set_name("sum");
