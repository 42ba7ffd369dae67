// SPDX-License-Identifier: Apache-2.0
// Device-wide keys-only merge sort (cub::DispatchMergeSort, as cub::DeviceMergeSort::SortKeysCopy)
// with a tunable policy, in CUB's tuning format: the parameters and axes of CUB's own benchmark
// (cub/benchmarks/bench/merge_sort/keys.cu), except that ipt is the exact items per thread, where CUB
// scales it to the key's size (Nominal4BItemsToItems: 3..12 items for 8-byte keys).
//
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_LOAD ld 0:2:1
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK_POW2 tpb 6:10:1
// %TEST% trp_0.ld_2.ipt_9.tpb_7
//
// trp: 0 BLOCK_LOAD_DIRECT / BLOCK_STORE_DIRECT, 1 BLOCK_LOAD_WARP_TRANSPOSE / BLOCK_STORE_WARP_TRANSPOSE.
// ld: 0 LOAD_DEFAULT, 1 LOAD_LDG, 2 LOAD_CA. tpb: 2^tpb threads per block.

#include <cub/device/device_merge_sort.cuh>
#include <cub/device/dispatch/dispatch_merge_sort.cuh>

#include <cuda/std/functional>

#include <policytune/bench.hpp>

#include "sorted_check.hpp" // the host side of the verification, unit-tested

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#if !TUNE_BASE
// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture. ipt is the
// block's exact shape (CUB's own merge sort policies give 4-byte nominals).
struct policy_hub_t
{
  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    using MergeSortPolicy =
      cub::AgentMergeSortPolicy<(1 << TUNE_THREADS_PER_BLOCK_POW2),
                                TUNE_ITEMS_PER_THREAD,
                                TUNE_TRANSPOSE ? cub::BLOCK_LOAD_WARP_TRANSPOSE : cub::BLOCK_LOAD_DIRECT,
                                TUNE_LOAD == 0 ? cub::LOAD_DEFAULT : TUNE_LOAD == 1 ? cub::LOAD_LDG : cub::LOAD_CA,
                                TUNE_TRANSPOSE ? cub::BLOCK_STORE_WARP_TRANSPOSE : cub::BLOCK_STORE_DIRECT>;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

#ifdef TUNE_T
using key_types = nvbench::type_list<TUNE_T>;
#else
using key_types = nvbench::type_list<std::int8_t, std::int32_t, std::int64_t, float>;
#endif

namespace
{
using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

/// CUB's entropy values: AND-ing k independent uniform words leaves each bit set with probability
/// 2^-k, whose entropy is the label.
int words_for_entropy(const std::string& entropy)
{
  static const char* const labels[] = {"1.000", "0.811", "0.544", "0.337", "0.201"};
  for (int k = 0; k < 5; ++k)
  {
    if (entropy == labels[k])
    {
      return k + 1;
    }
  }
  throw std::invalid_argument("Entropy{io} '" + entropy + "' is not one of CUB's (1.000 0.811 0.544 0.337 0.201)");
}

/// Keys of the given bit entropy: integers wrap, floats get whole numbers below 2^24 (exact, finite).
template <class T>
__global__ void fill_keys(T* out, std::size_t n, int words)
{
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    std::uint64_t h = ~std::uint64_t{0};
    for (int w = 0; w < words; ++w)
    {
      std::uint64_t x = (i * 8 + w + 1) * 0x9E3779B97F4A7C15ull;
      x               = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
      x               = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
      h &= x ^ (x >> 31);
    }
    if constexpr (std::is_floating_point_v<T>)
    {
      out[i] = static_cast<T>(static_cast<std::int64_t>(h >> 40) - (std::int64_t{1} << 23));
    }
    else
    {
      out[i] = static_cast<T>(h);
    }
  }
}

template <class T>
std::vector<T> to_host(const device_buffer<T>& buffer, std::size_t n)
{
  std::vector<T> host(n);
  cuda_check(cudaMemcpy(host.data(), buffer.get(), n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return host;
}
} // namespace

template <class T>
void merge_sort_keys(nvbench::state& state, nvbench::type_list<T>)
{
  // What cub::DeviceMergeSort::SortKeysCopy dispatches for an int item count, so that base is
  // CUB's default (its hub reads the keys' value type from the output iterator).
  using offset_t  = cub::detail::choose_offset_t<int>;
  using compare_t = ::cuda::std::less<>;
#if TUNE_BASE
  using dispatch_t = cub::DispatchMergeSort<const T*, cub::NullType*, T*, cub::NullType*, offset_t, compare_t>;
#else
  using dispatch_t =
    cub::DispatchMergeSort<const T*, cub::NullType*, T*, cub::NullType*, offset_t, compare_t, policy_hub_t>;
  if (policytune::bench::skip_unless_launchable(state, policy_hub_t::policy_t::MergeSortPolicy::BLOCK_THREADS, 0))
  {
    return;
  }
#endif
  const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  const int words     = words_for_entropy(state.get_string("Entropy{io}"));
  device_buffer<T> in(elements);
  device_buffer<T> out(elements);
  device_buffer<T> reference(elements);
  fill_keys<<<1024, 256>>>(in.get(), elements, words);
  cuda_check(cudaGetLastError(), "fill_keys");

  // The reference: CUB's default policy through the public API.
  std::size_t reference_temp_size = 0;
  cuda_check(cub::DeviceMergeSort::SortKeysCopy(
               nullptr, reference_temp_size, in.get(), reference.get(), static_cast<int>(elements), compare_t{}),
             "cub::DeviceMergeSort::SortKeysCopy");
  {
    device_buffer<char> reference_temp(reference_temp_size);
    cuda_check(cub::DeviceMergeSort::SortKeysCopy(reference_temp.get(), reference_temp_size, in.get(), reference.get(),
                                                  static_cast<int>(elements), compare_t{}),
               "cub::DeviceMergeSort::SortKeysCopy");
    cuda_check(cudaDeviceSynchronize(), "cub::DeviceMergeSort::SortKeysCopy");
  }

  const T* input      = in.get();
  const auto dispatch = [&](void* temp, std::size_t& temp_size, cudaStream_t stream) {
    return dispatch_t::Dispatch(temp, temp_size, input, static_cast<cub::NullType*>(nullptr), out.get(),
                                static_cast<cub::NullType*>(nullptr), static_cast<offset_t>(elements), compare_t{},
                                stream);
  };
  std::size_t temp_size = 0;
  cuda_check(dispatch(nullptr, temp_size, cudaStream_t{}), "DispatchMergeSort");
  device_buffer<char> temp(temp_size);

  state.add_element_count(elements);
  state.add_global_memory_reads<T>(elements, "Size");
  state.add_global_memory_writes<T>(elements);

  state.verify_with([&] {
    return policytune::bench::merge_sort::check(
      to_host(in, elements), to_host(out, elements), to_host(reference, elements), compare_t{});
  });
  state.exec(nvbench::exec_tag::gpu | nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
    cuda_check(dispatch(temp.get(), temp_size, launch.get_stream()), "DispatchMergeSort");
  });
}

NVBENCH_BENCH_TYPES(merge_sort_keys, NVBENCH_TYPE_AXES(key_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4))
  .add_string_axis("Entropy{io}", {"1.000", "0.201"});
