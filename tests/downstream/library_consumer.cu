// Uses PolicyTune's shipped library (PolicyTune::policies) as a downstream project would, and on a
// GPU checks that each call gives what CUB's own API gives, for random inputs of many sizes; from
// CCCL 3.5 the environment overloads too (tuned through cuda::execution::tune).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include <policytune/device_radix_sort.cuh>
#include <policytune/device_reduce.cuh>
#include <policytune/device_scan.cuh>

#include "consumer_support.cuh"
#include "cuda_device.cuh"

namespace
{
using namespace consumer;

// NumItemsT picks CUB's offset type: 32-bit for int, 64-bit for long long.
template <class T, class NumItemsT>
void compare(std::size_t size, std::mt19937_64& random)
{
  const auto n = static_cast<NumItemsT>(size);
  // Small integers: every sum is exact in any order, so results must be equal bit for bit.
  std::vector<T> input(size);
  for (auto& x : input)
  {
    x = static_cast<T>(static_cast<int>(random() % 201) - 100);
  }
  device_array<T> in(size), ours(size), theirs(size);
  ok(cudaMemcpy(in.data, input.data(), sizeof(T) * size, cudaMemcpyHostToDevice), "cudaMemcpy");

  two_phase([&](void* t, std::size_t& b) { return policytune::device_reduce_sum(t, b, in.data, ours.data, n); }, "reduce");
  two_phase([&](void* t, std::size_t& b) { return cub::DeviceReduce::Sum(t, b, in.data, theirs.data, n); }, "reduce");
  bool reduce_equal = copy_back(ours.data, 1) == copy_back(theirs.data, 1);
#if CUB_VERSION >= 300500
  // From CCCL 3.5 each call also has an environment form (CUB allocates; the tuning goes through
  // cuda::execution::tune), compared with the same CUB result.
  ok(policytune::device_reduce_sum(in.data, ours.data, n), "reduce (environment)");
  ok(cudaDeviceSynchronize(), "reduce (environment)");
  reduce_equal = reduce_equal && copy_back(ours.data, 1) == copy_back(theirs.data, 1);
#endif

  two_phase([&](void* t, std::size_t& b) { return policytune::device_exclusive_sum(t, b, in.data, ours.data, n); }, "scan");
  two_phase([&](void* t, std::size_t& b) { return cub::DeviceScan::ExclusiveSum(t, b, in.data, theirs.data, n); }, "scan");
  bool scan_equal = copy_back(ours.data, size) == copy_back(theirs.data, size);
#if CUB_VERSION >= 300500
  {
    device_array<T> env(size); // fresh, poisoned: an unwritten output shows
    ok(policytune::device_exclusive_sum(in.data, env.data, n), "scan (environment)");
    ok(cudaDeviceSynchronize(), "scan (environment)");
    scan_equal = scan_equal && copy_back(env.data, size) == copy_back(theirs.data, size);
  }
#endif

  two_phase([&](void* t, std::size_t& b) { return policytune::device_radix_sort_keys(t, b, in.data, ours.data, n); },
            "radix sort");
  two_phase([&](void* t, std::size_t& b) { return cub::DeviceRadixSort::SortKeys(t, b, in.data, theirs.data, n); },
            "radix sort");
  bool sort_equal = copy_back(ours.data, size) == copy_back(theirs.data, size);
#if CUB_VERSION >= 300500
  {
    device_array<T> env(size);
    ok(policytune::device_radix_sort_keys(in.data, env.data, n), "radix sort (environment)");
    ok(cudaDeviceSynchronize(), "radix sort (environment)");
    sort_equal = sort_equal && copy_back(env.data, size) == copy_back(theirs.data, size);
  }
#endif

  const bool all = reduce_equal && scan_equal && sort_equal;
  failures += !all;
  std::printf("%s: %zu-byte keys, %zu-byte count, n=%zu: reduce %s, scan %s, radix sort %s\n", all ? "ok" : "FAILED",
              sizeof(T), sizeof(NumItemsT), size,
              reduce_equal ? "equal" : "DIFFERS", scan_equal ? "equal" : "DIFFERS", sort_equal ? "equal" : "DIFFERS");
}
} // namespace

int main()
{
  if (!cuda_device_present("the library API"))
  {
    return kSkippedExit;
  }
  std::mt19937_64 random(20261122);
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{31}, std::size_t{1000}, std::size_t{65537},
                        std::size_t{1} << 20, (std::size_t{1} << 24) + 3})
  {
    compare<std::int32_t, int>(n, random);
    compare<std::int64_t, int>(n, random);
    compare<float, int>(n, random);
    compare<double, long long>(n, random);
    compare<std::int32_t, long long>(n, random);
  }
  std::printf("%s\n", failures == 0 ? "all equal to CUB" : "MISMATCHES");
  return failures == 0 ? 0 : 1;
}
