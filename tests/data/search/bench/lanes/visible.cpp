// A host benchmark for the measurement-lane tests: base runs; every variant skips its state with
// the CUDA_VISIBLE_DEVICES it was started with, so the database shows which lane ran it.
// %RANGE% TUNE_X x 1:6:1

#include <policytune/bench.hpp>

#include <cstdlib>
#include <string>
#include <vector>

void visible(nvbench::state& state)
{
#if !TUNE_BASE
  const char* devices = std::getenv("CUDA_VISIBLE_DEVICES");
  state.skip(std::string("CUDA_VISIBLE_DEVICES=") + (devices != nullptr ? devices : "unset"));
  return;
#endif
  std::vector<int> data(1000, 1);
  int total = 0;
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<int>{total}, std::vector<int>{1000}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    total = 0;
    for (const int value : data) total += value;
  });
}

NVBENCH_BENCH(visible).set_name("visible");
