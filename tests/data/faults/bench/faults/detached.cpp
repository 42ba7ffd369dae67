// SPDX-License-Identifier: Apache-2.0
// Fault injection for the driver's process hygiene tests: each variant's run leaves a helper behind
// that a process-group kill cannot reach. The helper calls setsid(), keeps the run's stdout and
// stderr open, sleeps for ten minutes and appends its pid to $POLICYTUNE_TEST_PID_FILE.
// Base (TUNE_BASE=1) leaves nothing behind.
//
// %RANGE% TUNE_X x 1:2:1

#include <policytune/bench.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <unistd.h>

namespace
{
void leave_a_detached_helper()
{
#if !TUNE_BASE
  static bool left = false;
  if (left)
  {
    return;
  }
  left = true;
  int ready[2];
  if (::pipe(ready) != 0)
  {
    return;
  }
  if (::fork() == 0)
  {
    ::setsid();
    if (const char* path = std::getenv("POLICYTUNE_TEST_PID_FILE"))
    {
      if (std::FILE* file = std::fopen(path, "a"))
      {
        std::fprintf(file, "%ld\n", static_cast<long>(::getpid()));
        std::fclose(file);
      }
    }
    ::close(ready[1]); // detached and recorded: the run may go on
    ::sleep(600);
    ::_exit(0);
  }
  // Waits until the helper has left the process group, so that the run's end cannot catch it there.
  ::close(ready[1]);
  char byte = 0;
  while (::read(ready[0], &byte, 1) > 0)
  {
  }
  ::close(ready[0]);
#endif
}
} // namespace

void detached(nvbench::state& state)
{
  const auto n = static_cast<std::size_t>(state.get_int64("N"));
  std::vector<std::int32_t> data(n, 1);
  std::int32_t result = 0;
  leave_a_detached_helper();
  state.add_element_count(n);
  state.verify_with([&] {
    return policytune::bench::expect_equal(std::vector<std::int32_t>{result}, std::vector<std::int32_t>{std::int32_t(n)});
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    std::int32_t total = 0;
    for (const auto value : data)
    {
      total += value;
    }
    result = total;
  });
}

NVBENCH_BENCH(detached).set_name("detached").add_int64_axis("N", {1000});
