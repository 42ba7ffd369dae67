// SPDX-License-Identifier: Apache-2.0
// The card's copy bandwidth: a device-to-device cudaMemcpyAsync of Elements{io} 32-bit words,
// verified word for word. Not a tuning benchmark (no %RANGE%): it is the ceiling the tuned
// benchmarks' achieved bandwidth is compared with. `bytes` counts the words read and the words
// written, as the other benchmarks count their reads and writes.

#include <policytune/bench.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

namespace
{
// Word i holds i: every word differs from its neighbours and from the 0xFF.. poison below.
__global__ void fill_with_index(std::uint32_t* words, std::size_t count)
{
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x)
  {
    words[i] = static_cast<std::uint32_t>(i);
  }
}
} // namespace

void device_to_device(nvbench::state& state)
{
  const auto words = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  const std::size_t bytes = words * sizeof(std::uint32_t);
  device_buffer<std::uint32_t> source(words);
  device_buffer<std::uint32_t> destination(words);
  fill_with_index<<<1024, 256>>>(source.get(), words);
  cuda_check(cudaGetLastError(), "fill_with_index");
  // Poisoned, so that a copy that skips words cannot pass.
  cuda_check(cudaMemset(destination.get(), 0xFF, bytes), "cudaMemset");
  cuda_check(cudaDeviceSynchronize(), "fill");

  state.add_element_count(words);
  state.add_global_memory_reads<std::uint32_t>(words, "Size");
  state.add_global_memory_writes<std::uint32_t>(words);

  state.verify_with([&] {
    std::vector<std::uint32_t> actual(words);
    cuda_check(cudaMemcpy(actual.data(), destination.get(), bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
    std::vector<std::uint32_t> expected(words);
    for (std::size_t i = 0; i < words; ++i)
    {
      expected[i] = static_cast<std::uint32_t>(i);
    }
    return policytune::bench::expect_equal(actual, expected);
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
    cuda_check(cudaMemcpyAsync(destination.get(), source.get(), bytes, cudaMemcpyDeviceToDevice, launch.get_stream()),
               "cudaMemcpyAsync");
  });
}

NVBENCH_BENCH(device_to_device)
  .set_name("base")
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4));
