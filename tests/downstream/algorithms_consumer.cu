// The shipped library's other ten algorithms (select, partition, scan and reduce by key, run-length
// encoding, histogram, merge sort, radix sort pairs) as a downstream project calls them: on a GPU each
// call must give what CUB's own API gives for the same input, for inputs with runs and duplicates of
// many sizes. Without a GPU it is compiled (against every CCCL release in the matrix) and skipped.
// From CCCL 3.5 the calls without temporary storage (CUB's environment overloads, tuned through
// cuda::execution::tune) are compared too, each into fresh outputs.
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <cuda/std/functional>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <policytune/policytune.cuh>

#include "consumer_support.cuh"
#include "cuda_device.cuh"

namespace
{
using namespace consumer;

struct is_negative
{
  __host__ __device__ bool operator()(int x) const { return x < 0; }
};
struct is_small
{
  __host__ __device__ bool operator()(int x) const { return x < 10; }
};
struct ascending
{
  __host__ __device__ bool operator()(int a, int b) const { return a < b; }
};

std::vector<std::string> differing; // the algorithms whose output differed from CUB's, for one input

template <class T>
void expect_same(const char* algorithm, const std::vector<T>& ours, const std::vector<T>& theirs)
{
  if (ours != theirs)
  {
    differing.emplace_back(algorithm);
  }
}

#if CUB_VERSION >= 300500
// A call of an environment overload (CUB allocates on the stream), checked and waited for.
void environment_call(cudaError_t status, const char* what)
{
  if (ok(status, what))
  {
    ok(cudaDeviceSynchronize(), what);
  }
}
#endif

// Values in [-40, 40] repeated in runs of 1 to 8: selections, runs and keys all have work to do.
std::vector<int> input_with_runs(std::size_t n, std::mt19937_64& random)
{
  std::vector<int> values(n);
  for (std::size_t i = 0; i < n;)
  {
    const int value = static_cast<int>(random() % 81) - 40;
    for (std::size_t run = 1 + random() % 8; run > 0 && i < n; --run)
    {
      values[i++] = value;
    }
  }
  return values;
}

void compare_selections(const device_array<int>& in, int n)
{
  device_array<int> ours(in.size), theirs(in.size), count_ours(1), count_theirs(1);
  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_select_if(t, b, in.data, ours.data, count_ours.data, n, is_negative{});
  }, "select if");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceSelect::If(t, b, in.data, theirs.data, count_theirs.data, n, is_negative{});
  }, "select if");
  const int selected         = count_theirs.host(1)[0];
  const auto selected_theirs = theirs.host(selected);
  expect_same("select if", count_ours.host(1), count_theirs.host(1));
  expect_same("select if", ours.host(selected), selected_theirs);

  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_select_unique(t, b, in.data, ours.data, count_ours.data, n);
  }, "select unique");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceSelect::Unique(t, b, in.data, theirs.data, count_theirs.data, n);
  }, "select unique");
  const int unique = count_theirs.host(1)[0];
  expect_same("select unique", count_ours.host(1), count_theirs.host(1));
  expect_same("select unique", ours.host(unique), theirs.host(unique));

#if CUB_VERSION >= 300500
  device_array<int> selected_env(in.size), count_env(1), unique_env(in.size), unique_count_env(1);
  environment_call(policytune::device_select_if(in.data, selected_env.data, count_env.data, n, is_negative{}),
                   "select if (environment)");
  expect_same("select if (environment)", count_env.host(1), std::vector<int>{selected});
  expect_same("select if (environment)", selected_env.host(selected), selected_theirs);
  environment_call(policytune::device_select_unique(in.data, unique_env.data, unique_count_env.data, n),
                   "select unique (environment)");
  expect_same("select unique (environment)", unique_count_env.host(1), std::vector<int>{unique});
  expect_same("select unique (environment)", unique_env.host(unique), theirs.host(unique));
#endif
}

void compare_partition(const device_array<int>& in, int n)
{
  device_array<int> first_ours(in.size), second_ours(in.size), rest_ours(in.size), counts_ours(2);
  device_array<int> first_theirs(in.size), second_theirs(in.size), rest_theirs(in.size), counts_theirs(2);
  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_partition_three_way(t, b, in.data, first_ours.data, second_ours.data, rest_ours.data,
                                                  counts_ours.data, n, is_negative{}, is_small{});
  }, "partition");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DevicePartition::If(t, b, in.data, first_theirs.data, second_theirs.data, rest_theirs.data,
                                    counts_theirs.data, n, is_negative{}, is_small{});
  }, "partition");
  const auto counts = counts_theirs.host(2);
  const std::size_t rest = static_cast<std::size_t>(n - counts[0] - counts[1]);
  expect_same("partition", counts_ours.host(2), counts);
  expect_same("partition", first_ours.host(counts[0]), first_theirs.host(counts[0]));
  expect_same("partition", second_ours.host(counts[1]), second_theirs.host(counts[1]));
  expect_same("partition", rest_ours.host(rest), rest_theirs.host(rest));

#if CUB_VERSION >= 300500
  device_array<int> first_env(in.size), second_env(in.size), rest_env(in.size), counts_env(2);
  environment_call(policytune::device_partition_three_way(in.data, first_env.data, second_env.data, rest_env.data,
                                                          counts_env.data, n, is_negative{}, is_small{}),
                   "partition (environment)");
  expect_same("partition (environment)", counts_env.host(2), counts);
  expect_same("partition (environment)", first_env.host(counts[0]), first_theirs.host(counts[0]));
  expect_same("partition (environment)", second_env.host(counts[1]), second_theirs.host(counts[1]));
  expect_same("partition (environment)", rest_env.host(rest), rest_theirs.host(rest));
#endif
}

void compare_by_key(const device_array<int>& keys, const device_array<int>& values, int n)
{
  device_array<int> scanned_ours(keys.size), scanned_theirs(keys.size);
  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_exclusive_sum_by_key(t, b, keys.data, values.data, scanned_ours.data, n);
  }, "scan by key");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceScan::ExclusiveSumByKey(t, b, keys.data, values.data, scanned_theirs.data, n);
  }, "scan by key");
  expect_same("scan by key", scanned_ours.host(keys.size), scanned_theirs.host(keys.size));
#if CUB_VERSION >= 300500
  device_array<int> scanned_env(keys.size);
  environment_call(policytune::device_exclusive_sum_by_key(keys.data, values.data, scanned_env.data, n),
                   "scan by key (environment)");
  expect_same("scan by key (environment)", scanned_env.host(keys.size), scanned_theirs.host(keys.size));
#endif

  device_array<int> unique_ours(keys.size), sums_ours(keys.size), runs_ours(1);
  device_array<int> unique_theirs(keys.size), sums_theirs(keys.size), runs_theirs(1);
  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_reduce_by_key(t, b, keys.data, unique_ours.data, values.data, sums_ours.data,
                                            runs_ours.data, ::cuda::std::plus<>{}, n);
  }, "reduce by key");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceReduce::ReduceByKey(t, b, keys.data, unique_theirs.data, values.data, sums_theirs.data,
                                          runs_theirs.data, ::cuda::std::plus<>{}, n);
  }, "reduce by key");
  const int runs = runs_theirs.host(1)[0];
  expect_same("reduce by key", runs_ours.host(1), runs_theirs.host(1));
  expect_same("reduce by key", unique_ours.host(runs), unique_theirs.host(runs));
  expect_same("reduce by key", sums_ours.host(runs), sums_theirs.host(runs));
#if CUB_VERSION >= 300500
  device_array<int> unique_env(keys.size), sums_env(keys.size), runs_env(1);
  environment_call(policytune::device_reduce_by_key(keys.data, unique_env.data, values.data, sums_env.data,
                                                    runs_env.data, ::cuda::std::plus<>{}, n),
                   "reduce by key (environment)");
  expect_same("reduce by key (environment)", runs_env.host(1), runs_theirs.host(1));
  expect_same("reduce by key (environment)", unique_env.host(runs), unique_theirs.host(runs));
  expect_same("reduce by key (environment)", sums_env.host(runs), sums_theirs.host(runs));
#endif
}

void compare_run_length(const device_array<int>& in, int n)
{
  device_array<int> unique_ours(in.size), lengths_ours(in.size), runs_ours(1);
  device_array<int> unique_theirs(in.size), lengths_theirs(in.size), runs_theirs(1);
  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_run_length_encode(t, b, in.data, unique_ours.data, lengths_ours.data, runs_ours.data, n);
  }, "run-length encode");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceRunLengthEncode::Encode(t, b, in.data, unique_theirs.data, lengths_theirs.data,
                                              runs_theirs.data, n);
  }, "run-length encode");
  int runs = runs_theirs.host(1)[0];
  expect_same("run-length encode", runs_ours.host(1), runs_theirs.host(1));
  expect_same("run-length encode", unique_ours.host(runs), unique_theirs.host(runs));
  expect_same("run-length encode", lengths_ours.host(runs), lengths_theirs.host(runs));
#if CUB_VERSION >= 300500
  {
    device_array<int> unique_env(in.size), lengths_env(in.size), runs_env(1);
    environment_call(policytune::device_run_length_encode(in.data, unique_env.data, lengths_env.data, runs_env.data, n),
                     "run-length encode (environment)");
    expect_same("run-length encode (environment)", runs_env.host(1), runs_theirs.host(1));
    expect_same("run-length encode (environment)", unique_env.host(runs), unique_theirs.host(runs));
    expect_same("run-length encode (environment)", lengths_env.host(runs), lengths_theirs.host(runs));
  }
#endif

  // unique_* now hold the runs' offsets.
  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_non_trivial_runs(t, b, in.data, unique_ours.data, lengths_ours.data, runs_ours.data, n);
  }, "non-trivial runs");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceRunLengthEncode::NonTrivialRuns(t, b, in.data, unique_theirs.data, lengths_theirs.data,
                                                      runs_theirs.data, n);
  }, "non-trivial runs");
  runs = runs_theirs.host(1)[0];
  expect_same("non-trivial runs", runs_ours.host(1), runs_theirs.host(1));
  expect_same("non-trivial runs", unique_ours.host(runs), unique_theirs.host(runs));
  expect_same("non-trivial runs", lengths_ours.host(runs), lengths_theirs.host(runs));
#if CUB_VERSION >= 300500
  device_array<int> offsets_env(in.size), lengths_env(in.size), runs_env(1);
  environment_call(policytune::device_non_trivial_runs(in.data, offsets_env.data, lengths_env.data, runs_env.data, n),
                   "non-trivial runs (environment)");
  expect_same("non-trivial runs (environment)", runs_env.host(1), runs_theirs.host(1));
  expect_same("non-trivial runs (environment)", offsets_env.host(runs), unique_theirs.host(runs));
  expect_same("non-trivial runs (environment)", lengths_env.host(runs), lengths_theirs.host(runs));
#endif
}

void compare_histogram(const device_array<int>& in, int n)
{
  constexpr int levels = 17; // 16 bins over [-40, 41)
  device_array<int> ours(levels - 1), theirs(levels - 1);
  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_histogram_even(t, b, in.data, ours.data, levels, -40, 41, n);
  }, "histogram");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceHistogram::HistogramEven(t, b, in.data, theirs.data, levels, -40, 41, n);
  }, "histogram");
  expect_same("histogram", ours.host(levels - 1), theirs.host(levels - 1));
#if CUB_VERSION >= 300500
  device_array<int> env(levels - 1);
  environment_call(policytune::device_histogram_even(in.data, env.data, levels, -40, 41, n), "histogram (environment)");
  expect_same("histogram (environment)", env.host(levels - 1), theirs.host(levels - 1));
#endif
}

void compare_sorts(const std::vector<int>& keys, const std::vector<int>& values, int n)
{
  device_array<int> merge_ours(keys), merge_theirs(keys);
  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_merge_sort_keys(t, b, merge_ours.data, n, ascending{});
  }, "merge sort");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceMergeSort::SortKeys(t, b, merge_theirs.data, n, ascending{});
  }, "merge sort");
  expect_same("merge sort", merge_ours.host(keys.size()), merge_theirs.host(keys.size()));
#if CUB_VERSION >= 300500
  device_array<int> merge_env(keys);
  environment_call(policytune::device_merge_sort_keys(merge_env.data, n, ascending{}), "merge sort (environment)");
  expect_same("merge sort (environment)", merge_env.host(keys.size()), merge_theirs.host(keys.size()));
#endif

  const device_array<int> keys_in(keys), values_in(values);
  device_array<int> keys_ours(keys.size()), values_ours(keys.size()), keys_theirs(keys.size()), values_theirs(keys.size());
  two_phase([&](void* t, std::size_t& b) {
    return policytune::device_radix_sort_pairs(t, b, keys_in.data, keys_ours.data, values_in.data, values_ours.data, n);
  }, "radix sort pairs");
  two_phase([&](void* t, std::size_t& b) {
    return cub::DeviceRadixSort::SortPairs(t, b, keys_in.data, keys_theirs.data, values_in.data, values_theirs.data, n);
  }, "radix sort pairs");
  expect_same("radix sort pairs", keys_ours.host(keys.size()), keys_theirs.host(keys.size()));
  expect_same("radix sort pairs", values_ours.host(keys.size()), values_theirs.host(keys.size()));
#if CUB_VERSION >= 300500
  device_array<int> keys_env(keys.size()), values_env(keys.size());
  environment_call(
    policytune::device_radix_sort_pairs(keys_in.data, keys_env.data, values_in.data, values_env.data, n),
    "radix sort pairs (environment)");
  expect_same("radix sort pairs (environment)", keys_env.host(keys.size()), keys_theirs.host(keys.size()));
  expect_same("radix sort pairs (environment)", values_env.host(keys.size()), values_theirs.host(keys.size()));
#endif
}

void compare(std::size_t size, std::mt19937_64& random)
{
  const int n           = static_cast<int>(size);
  const auto keys       = input_with_runs(size, random);
  std::vector<int> values(size);
  for (auto& value : values)
  {
    value = static_cast<int>(random() % 201) - 100; // small: every sum is exact in any order
  }
  const device_array<int> d_keys(keys), d_values(values);
  differing.clear();
  compare_selections(d_keys, n);
  compare_partition(d_keys, n);
  compare_by_key(d_keys, d_values, n);
  compare_run_length(d_keys, n);
  compare_histogram(d_keys, n);
  compare_sorts(keys, values, n);
  failures += !differing.empty();
  std::printf("%s: n=%zu", differing.empty() ? "ok" : "FAILED", size);
  for (const auto& algorithm : differing)
  {
    std::printf(", %s DIFFERS", algorithm.c_str());
  }
  std::printf("\n");
}
} // namespace

int main()
{
  if (!cuda_device_present("the library API's other algorithms"))
  {
    return kSkippedExit;
  }
  std::mt19937_64 random(20261123);
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{31}, std::size_t{1000}, std::size_t{65537},
                        std::size_t{1} << 20, (std::size_t{1} << 22) + 3})
  {
    compare(n, random);
  }
  std::printf("%s\n", failures == 0 ? "all equal to CUB" : "MISMATCHES");
  return failures == 0 ? 0 : 1;
}
