// A host benchmark for the measurement-lane tests: base runs; every variant skips its state with
// the CUDA_VISIBLE_DEVICES it was started with, so the database shows which lane ran it.
// It tells the driver it sees as many devices as a machine of GPUs would: one per entry of
// CUDA_VISIBLE_DEVICES, four where it is unset (a host benchmark itself sees one).
// %RANGE% TUNE_X x 1:6:1

#define POLICYTUNE_BENCH_NO_MAIN
#include <policytune/bench.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
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

int main(int argc, char** argv)
{
  if (argc == 2 && std::strcmp(argv[1], "--device") == 0)
  {
    policytune::bench::device_info device;
    std::string reason;
    policytune::bench::detail::query_device(device, reason);
    const char* listed = std::getenv("CUDA_VISIBLE_DEVICES");
    device.visible_devices = 4;
    if (listed != nullptr)
    {
      device.visible_devices = 1;
      for (const char* c = listed; *c != '\0'; ++c) device.visible_devices += *c == ',' ? 1 : 0;
    }
    std::fputs(policytune::bench::detail::device_json(device).c_str(), stdout);
    return 0;
  }
  return policytune::bench::main(argc, argv);
}
