// SPDX-License-Identifier: Apache-2.0
// Device-wide key-value radix sort (cub::DispatchRadixSort, onesweep, as
// cub::DeviceRadixSort::SortPairs calls it) with a tunable policy, in CUB's tuning format.
//
// %RANGE% TUNE_RADIX_BITS bits 8:9:1
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %TEST% bits_8.ipt_13.tpb_288
//
// The knobs of CUB's own benchmark (cub/benchmarks/bench/radix_sort/pairs.cu), with two
// differences: CUB keeps 8 radix bits (its bits line is commented out) where this also searches 9,
// and CUB scales ipt by the larger of key and value size (3..12 items for 8-byte types) where tpb
// and ipt here are the onesweep block's exact shape, as in bench/radix_sort/keys.cu.
// Entropy{io}: CUB's key entropies (AND-ing k uniform words leaves a bit set with probability 2^-k).
// Values are the items' input positions, so a sort that loses stability shows.

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/dispatch/dispatch_radix_sort.cuh>
#include <cub/device/dispatch/tuning/tuning_radix_sort.cuh>

#include <cuda/std/type_traits>

#include <policytune/bench.hpp>
#include <policytune/bench/cuda_keyed_inputs.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "pairs_check.hpp" // the host-side checks, unit-tested

#if !TUNE_BASE
// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture; what is not tuned
// is CUB's sm_90 policy.
template <typename KeyT, typename ValueT, typename OffsetT>
struct policy_hub_t
{
  using DominantT  = ::cuda::std::_If<(sizeof(ValueT) > sizeof(KeyT)), ValueT, KeyT>;
  using cub_policy = typename cub::detail::radix::policy_hub<KeyT, ValueT, OffsetT>::Policy900;

  // The onesweep block's exact shape (by default AgentRadixSortOnesweepPolicy scales 4-byte nominals).
  struct onesweep_size
  {
    static constexpr int BLOCK_THREADS    = TUNE_THREADS_PER_BLOCK;
    static constexpr int ITEMS_PER_THREAD = TUNE_ITEMS_PER_THREAD;
  };

  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    static constexpr bool ONESWEEP           = true;
    static constexpr int ONESWEEP_RADIX_BITS = TUNE_RADIX_BITS;

    // The histogram and exclusive-sum kernels must count digits of the same width.
    using HistogramPolicy    = cub::AgentRadixSortHistogramPolicy<128, 16, 1, KeyT, ONESWEEP_RADIX_BITS>;
    using ExclusiveSumPolicy = cub::AgentRadixSortExclusiveSumPolicy<256, ONESWEEP_RADIX_BITS>;
    using OnesweepPolicy =
      cub::AgentRadixSortOnesweepPolicy<TUNE_THREADS_PER_BLOCK,
                                        TUNE_ITEMS_PER_THREAD,
                                        DominantT,
                                        1,
                                        cub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY,
                                        cub::BLOCK_SCAN_RAKING_MEMOIZE,
                                        cub::RADIX_SORT_STORE_DIRECT,
                                        ONESWEEP_RADIX_BITS,
                                        onesweep_size>;

    // Never launched here (ONESWEEP; inputs above one tile), but DispatchRadixSort names them.
    using ScanPolicy         = typename cub_policy::ScanPolicy;
    using DownsweepPolicy    = typename cub_policy::DownsweepPolicy;
    using AltDownsweepPolicy = typename cub_policy::AltDownsweepPolicy;
    using UpsweepPolicy      = typename cub_policy::UpsweepPolicy;
    using AltUpsweepPolicy   = typename cub_policy::AltUpsweepPolicy;
    using SingleTilePolicy   = typename cub_policy::SingleTilePolicy;
    using SegmentedPolicy    = typename cub_policy::SegmentedPolicy;
    using AltSegmentedPolicy = typename cub_policy::AltSegmentedPolicy;

    static constexpr int PRIMARY_RADIX_BITS     = DownsweepPolicy::RADIX_BITS;
    static constexpr int ALT_RADIX_BITS         = AltDownsweepPolicy::RADIX_BITS;
    static constexpr int SINGLE_TILE_RADIX_BITS = SingleTilePolicy::RADIX_BITS;
    static constexpr int SEGMENTED_RADIX_BITS   = SegmentedPolicy::RADIX_BITS;
  };

  using MaxPolicy = policy_t;
};

// Static shared memory of the largest kernel the variant adds, with the types DispatchRadixSort
// gives the agents (ascending, int portion offsets, identity decomposer).
template <typename KeyT, typename ValueT, typename OffsetT>
constexpr std::size_t tuned_shared_memory()
{
  using policy_t   = typename policy_hub_t<KeyT, ValueT, OffsetT>::policy_t;
  using decomposer = cub::detail::identity_decomposer_t;
  using onesweep_t = cub::detail::radix_sort::
    AgentRadixSortOnesweep<typename policy_t::OnesweepPolicy, false, KeyT, ValueT, OffsetT, int, decomposer>;
  using histogram_t = cub::detail::radix_sort::
    AgentRadixSortHistogram<typename policy_t::HistogramPolicy, false, KeyT, OffsetT, decomposer>;
  return std::max(sizeof(typename onesweep_t::TempStorage), sizeof(typename histogram_t::TempStorage));
}
#endif // !TUNE_BASE

#ifdef TUNE_KeyT
using key_types = nvbench::type_list<TUNE_KeyT>;
#else
using key_types = nvbench::type_list<std::int8_t, std::int16_t, std::int32_t, std::int64_t, float, double>;
#endif
#ifdef TUNE_ValueT
using value_types = nvbench::type_list<TUNE_ValueT>;
#else
using value_types = nvbench::type_list<std::int8_t, std::int16_t, std::int32_t, std::int64_t>;
#endif
// The offsets CUB picks (choose_offset_t): uint32_t for 32-bit item counts, unsigned long long for 64-bit.
#ifdef TUNE_OffsetT
using radix_offset_types = nvbench::type_list<TUNE_OffsetT>;
#else
using radix_offset_types = nvbench::type_list<std::uint32_t, unsigned long long>;
#endif

namespace
{
using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

/// CUB's entropy labels: AND-ing k uniform words leaves each bit set with probability 2^-k.
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

/// Keys of the given bit entropy, their bits as they are (a radix sort sees bits); a float whose
/// exponent is all ones (Inf/NaN) loses its lowest exponent bit, so that keys are finite. Values are
/// the positions.
template <class KeyT, class ValueT>
__global__ void fill_pairs(KeyT* keys, ValueT* values, std::size_t n, int words)
{
  using bits_t = std::conditional_t<sizeof(KeyT) == 1,
                                    std::uint8_t,
                                    std::conditional_t<sizeof(KeyT) == 2,
                                                       std::uint16_t,
                                                       std::conditional_t<sizeof(KeyT) == 4, std::uint32_t, std::uint64_t>>>;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    std::uint64_t h = ~std::uint64_t{0};
    for (int w = 0; w < words; ++w)
    {
      h &= policytune::bench::index_hash(i * 8 + w);
    }
    auto bits = static_cast<bits_t>(h);
    if constexpr (std::is_floating_point_v<KeyT>)
    {
      constexpr bits_t exponent = sizeof(KeyT) == 4 ? bits_t(0x7F800000u) : bits_t(0x7FF0000000000000ull);
      constexpr bits_t lowest   = exponent & ~(exponent << 1);
      if ((bits & exponent) == exponent)
      {
        bits &= ~lowest;
      }
    }
    KeyT key;
    memcpy(&key, &bits, sizeof(KeyT));
    keys[i]   = key;
    values[i] = static_cast<ValueT>(i);
  }
}

template <class T>
std::vector<T> to_host(const T* items, std::size_t count)
{
  std::vector<T> host(count);
  cuda_check(cudaMemcpy(host.data(), items, count * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return host;
}
} // namespace

template <class KeyT, class ValueT, class OffsetT>
void radix_sort_pairs(nvbench::state& state, nvbench::type_list<KeyT, ValueT, OffsetT>)
{
  using offset_t = OffsetT;
  // The item count type for which cub::DeviceRadixSort::SortPairs dispatches with offset_t.
  using num_items_t = std::conditional_t<sizeof(offset_t) == 4, int, std::int64_t>;
  static_assert(std::is_same_v<cub::detail::choose_offset_t<num_items_t>, offset_t>,
                "OffsetT{ct} must be an offset type CUB chooses");
  constexpr auto order = cub::SortOrder::Ascending;
#if TUNE_BASE
  using dispatch_t    = cub::DispatchRadixSort<order, KeyT, ValueT, offset_t>;
  constexpr bool fits = true;
#else
  using hub_t = policy_hub_t<KeyT, ValueT, offset_t>;
  using dispatch_t = cub::DispatchRadixSort<order, KeyT, ValueT, offset_t, cub::detail::identity_decomposer_t, hub_t>;
  constexpr std::size_t smem = tuned_shared_memory<KeyT, ValueT, offset_t>();
  constexpr bool fits        = policytune::bench::fits_static_shared_memory(smem);
#endif

  if constexpr (!fits)
  {
    // Over the limit ptxas would fail the build: the tuned kernels are never instantiated.
#if !TUNE_BASE
    state.skip(policytune::bench::static_shared_memory_reason(smem));
#endif
  }
  else
  {
#if !TUNE_BASE
    if (policytune::bench::skip_unless_launchable(state, hub_t::policy_t::OnesweepPolicy::BLOCK_THREADS, smem))
    {
      return;
    }
#endif
    constexpr int begin_bit          = 0;
    constexpr int end_bit            = sizeof(KeyT) * 8;
    constexpr bool is_overwrite_okay = false; // as SortPairs: every sample sorts the same input

    const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
    device_buffer<KeyT> keys_in(elements);
    device_buffer<KeyT> keys_out(elements);
    device_buffer<ValueT> values_in(elements);
    device_buffer<ValueT> values_out(elements);
    fill_pairs<<<1024, 256>>>(keys_in.get(), values_in.get(), elements, words_for_entropy(state.get_string("Entropy{io}")));
    cuda_check(cudaGetLastError(), "fill_pairs");

    // The reference: CUB's default policy through the public API.
    std::vector<KeyT> expected_keys;
    std::vector<ValueT> expected_values;
    {
      device_buffer<KeyT> reference_keys(elements);
      device_buffer<ValueT> reference_values(elements);
      std::size_t reference_temp_size = 0;
      cuda_check(cub::DeviceRadixSort::SortPairs(nullptr, reference_temp_size, keys_in.get(), reference_keys.get(),
                                                 values_in.get(), reference_values.get(),
                                                 static_cast<num_items_t>(elements)),
                 "cub::DeviceRadixSort::SortPairs");
      device_buffer<char> reference_temp(reference_temp_size);
      cuda_check(cub::DeviceRadixSort::SortPairs(reference_temp.get(), reference_temp_size, keys_in.get(),
                                                 reference_keys.get(), values_in.get(), reference_values.get(),
                                                 static_cast<num_items_t>(elements)),
                 "cub::DeviceRadixSort::SortPairs");
      cuda_check(cudaDeviceSynchronize(), "cub::DeviceRadixSort::SortPairs");
      expected_keys   = to_host(reference_keys.get(), elements);
      expected_values = to_host(reference_values.get(), elements);
    }

    // Dispatch updates the double buffers it is given (the result may be in either): each call gets
    // fresh copies, and the last call's result is what is verified.
    const cub::DoubleBuffer<KeyT> keys(keys_in.get(), keys_out.get());
    const cub::DoubleBuffer<ValueT> values(values_in.get(), values_out.get());
    const KeyT* result_keys     = nullptr;
    const ValueT* result_values = nullptr;
    std::size_t temp_size       = 0;
    {
      cub::DoubleBuffer<KeyT> k   = keys;
      cub::DoubleBuffer<ValueT> v = values;
      cuda_check(dispatch_t::Dispatch(nullptr, temp_size, k, v, static_cast<offset_t>(elements), begin_bit, end_bit,
                                      is_overwrite_okay, cudaStream_t{}),
                 "DispatchRadixSort");
    }
    device_buffer<char> temp(temp_size);

    state.add_element_count(elements);
    state.add_global_memory_reads<KeyT>(elements, "Size");
    state.add_global_memory_reads<ValueT>(elements);
    state.add_global_memory_writes<KeyT>(elements);
    state.add_global_memory_writes<ValueT>(elements);

    state.verify_with([&] {
      if (result_keys == nullptr || result_values == nullptr)
      {
        return policytune::bench::failed("DispatchRadixSort left no result");
      }
      const auto actual_keys   = to_host(result_keys, elements);
      const auto actual_values = to_host(result_values, elements);
      const auto difference    = policytune::bench::radix_pairs::compare_sorted_pairs(
        actual_keys.data(), actual_values.data(), expected_keys.data(), expected_values.data(), elements);
      return difference.empty() ? policytune::bench::passed()
                                : policytune::bench::failed(difference + " (against cub::DeviceRadixSort::SortPairs)");
    });
    state.exec(nvbench::exec_tag::gpu | nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
      cub::DoubleBuffer<KeyT> k   = keys;
      cub::DoubleBuffer<ValueT> v = values;
      cuda_check(dispatch_t::Dispatch(temp.get(), temp_size, k, v, static_cast<offset_t>(elements), begin_bit, end_bit,
                                      is_overwrite_okay, launch.get_stream()),
                 "DispatchRadixSort");
      result_keys   = k.Current();
      result_values = v.Current();
    });
  }
}

NVBENCH_BENCH_TYPES(radix_sort_pairs, NVBENCH_TYPE_AXES(key_types, value_types, radix_offset_types))
  .set_name("base")
  .set_type_axes_names({"KeyT{ct}", "ValueT{ct}", "OffsetT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4))
  .add_string_axis("Entropy{io}", {"1.000", "0.201"});
