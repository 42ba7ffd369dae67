// SPDX-License-Identifier: Apache-2.0
// policytune::device_exclusive_scan and policytune::device_reduce_by_key with the hubs tune_algorithm()
// rendered for geometry::vec3 and geometry::vec3_plus, against CUB's own cub::DeviceScan::ExclusiveScan
// and cub::DeviceReduce::ReduceByKey on the same input. Without a GPU the program says so and exits 77
// (ctest: skipped); what it checks at compile time holds either way.
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "vec3_by_key.cuh" // rendered: geometry::vec3's reduce-by-key hub, registered for geometry::vec3_plus
#include "vec3_scan.cuh"   // rendered: geometry::vec3's scan hub, registered for geometry::vec3_plus
#include <policytune/device_reduce.cuh>
#include <policytune/device_scan.cuh>

#include "device_array.cuh"

// The rendered headers hand their hubs to the calls of their algorithm, for exactly that type and operator.
static_assert(
  policytune::detail::has_custom_hub<policytune::algorithms::exclusive_scan, geometry::vec3, geometry::vec3_plus>);
static_assert(
  policytune::detail::has_custom_hub<policytune::algorithms::reduce_by_key, geometry::vec3, geometry::vec3_plus>);

namespace
{
using example::check;
using example::device_array;

template <class T>
bool all_same(const std::vector<T>& expected, const std::vector<T>& actual)
{
  for (std::size_t i = 0; i < expected.size(); ++i)
  {
    if (!policytune::verification<T>::same(expected[i], actual[i]))
    {
      return false;
    }
  }
  return true;
}

// One scan through policytune::device_exclusive_scan and through CUB, compared item by item with the
// type's own verification.
bool scan_same_as_cub(std::size_t n)
{
  using T = geometry::vec3;
  std::vector<T> host(n);
  for (std::size_t i = 0; i < n; ++i)
  {
    host[i] = policytune::verification<T>::input(i * 7 + n);
  }
  device_array<T> in(n), tuned(n), reference(n);
  check(cudaMemcpy(in.data, host.data(), n * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  const geometry::vec3_plus op{};
  const T init{1, 2, 3};
  std::size_t bytes = 0, cub_bytes = 0;
  check(policytune::device_exclusive_scan(nullptr, bytes, in.data, tuned.data, op, init, n), "device_exclusive_scan");
  check(cub::DeviceScan::ExclusiveScan(nullptr, cub_bytes, in.data, reference.data, op, init, n), "ExclusiveScan");
  device_array<char> temp(bytes > cub_bytes ? bytes : cub_bytes);
  check(policytune::device_exclusive_scan(temp.data, bytes, in.data, tuned.data, op, init, n), "device_exclusive_scan");
  check(cub::DeviceScan::ExclusiveScan(temp.data, cub_bytes, in.data, reference.data, op, init, n), "ExclusiveScan");
  return all_same(reference.to_host(n), tuned.to_host(n));
}

// One reduction by key (int keys in runs of `run_length`) through policytune::device_reduce_by_key and
// through CUB: the same run count and keys, and aggregates the same by the type's verification.
bool by_key_same_as_cub(std::size_t n, std::size_t run_length)
{
  using T = geometry::vec3;
  std::vector<int> keys(n);
  std::vector<T> values(n);
  for (std::size_t i = 0; i < n; ++i)
  {
    keys[i]   = static_cast<int>((i / run_length) % 64);
    values[i] = policytune::verification<T>::input(i);
  }
  device_array<int> keys_in(n), unique(n), cub_unique(n), runs(1), cub_runs(1);
  device_array<T> values_in(n), aggregates(n), cub_aggregates(n);
  check(cudaMemcpy(keys_in.data, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy");
  check(cudaMemcpy(values_in.data, values.data(), n * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  const geometry::vec3_plus op{};
  std::size_t bytes = 0, cub_bytes = 0;
  check(policytune::device_reduce_by_key(
          nullptr, bytes, keys_in.data, unique.data, values_in.data, aggregates.data, runs.data, op, n),
        "device_reduce_by_key");
  check(cub::DeviceReduce::ReduceByKey(
          nullptr, cub_bytes, keys_in.data, cub_unique.data, values_in.data, cub_aggregates.data, cub_runs.data, op, n),
        "ReduceByKey");
  device_array<char> temp(bytes > cub_bytes ? bytes : cub_bytes);
  check(policytune::device_reduce_by_key(
          temp.data, bytes, keys_in.data, unique.data, values_in.data, aggregates.data, runs.data, op, n),
        "device_reduce_by_key");
  check(cub::DeviceReduce::ReduceByKey(
          temp.data, cub_bytes, keys_in.data, cub_unique.data, values_in.data, cub_aggregates.data, cub_runs.data, op, n),
        "ReduceByKey");
  const int count = runs.to_host(1)[0];
  if (count != cub_runs.to_host(1)[0] || unique.to_host(count) != cub_unique.to_host(count))
  {
    return false;
  }
  return all_same(cub_aggregates.to_host(count), aggregates.to_host(count));
}
} // namespace

int main()
{
  if (!example::gpu_present("policytune::device_exclusive_scan and device_reduce_by_key"))
  {
    return example::skipped;
  }
  int failures = 0;
  for (std::size_t n : {1ull, 1000ull, 65536ull, 1000003ull, 1ull << 24})
  {
    if (!scan_same_as_cub(n))
    {
      std::printf("vec3 exclusive scan of %zu items differs from CUB's\n", n);
      ++failures;
    }
    if (!by_key_same_as_cub(n, 16))
    {
      std::printf("vec3 reduction by key of %zu items differs from CUB's\n", n);
      ++failures;
    }
  }
  std::printf("%d of 10 scans and reductions by key differ from CUB's\n", failures);
  return failures == 0 ? 0 : 1;
}
