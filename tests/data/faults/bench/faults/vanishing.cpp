// A host benchmark one of whose variants (x_1) removes its own binary when it runs: in a batch the
// binary its batch-mates were to run from vanishes, and in a confirmation round its own rebuilt
// binary. A fault of those runs, never a verdict on the variants: nothing is stored for them, and
// the search goes on (tests/cli/machine_faults.sh).
// %RANGE% TUNE_X x 1:4:1

#include <policytune/bench.hpp>

#include <unistd.h>

#include <climits>
#include <vector>

void vanishing(nvbench::state& state)
{
#if !TUNE_BASE
  if (TUNE_X == 1)
  {
    char self[PATH_MAX] = {};
    if (readlink("/proc/self/exe", self, sizeof self - 1) > 0) unlink(self);
  }
#endif
  std::vector<int> data(1000, 1);
  int total = 0;
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<int>{total}, std::vector<int>{1000}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    total = 0;
    for (const int value : data) total += value;
  });
}

NVBENCH_BENCH(vanishing).set_name("vanishing");
