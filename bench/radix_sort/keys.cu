// SPDX-License-Identifier: Apache-2.0
// Device-wide keys-only radix sort (cub::DispatchRadixSort, onesweep) with a tunable policy, in CUB's
// tuning format.
//
// %RANGE% TUNE_RADIX_BITS bits 8:9:1
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %TEST% bits_8.ipt_12.tpb_256

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/dispatch/dispatch_radix_sort.cuh>
#include <cub/device/dispatch/tuning/tuning_radix_sort.cuh>

#include <cuda/std/type_traits>

#include <policytune/bench.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#if !TUNE_BASE
// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture.
template <typename KeyT, typename ValueT, typename OffsetT>
struct policy_hub_t
{
  using DominantT = ::cuda::std::_If<(sizeof(ValueT) > sizeof(KeyT)), ValueT, KeyT>;
  // CUB's sm_90 policy supplies what is not tuned.
  using cub_policy = typename cub::detail::radix::policy_hub<KeyT, ValueT, OffsetT>::Policy900;

  // The knobs are the onesweep block's exact shape (its ScalingType). By default
  // AgentRadixSortOnesweepPolicy reads them as 4-byte nominals: 8-byte keys would halve ipt (7:24
  // -> 3:12, missing the 15 CUB's sm_90 policy runs) and large tiles would have tpb cut to fit 48 KiB.
  struct onesweep_size
  {
    static constexpr int BLOCK_THREADS    = TUNE_THREADS_PER_BLOCK;
    static constexpr int ITEMS_PER_THREAD = TUNE_ITEMS_PER_THREAD;
  };

  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    // Onesweep for every input that is not a single tile: that is what is tuned.
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

    // Never launched here (ONESWEEP; inputs above one tile), but DispatchRadixSort and its kernels
    // name them.
    using ScanPolicy         = typename cub_policy::ScanPolicy;
    using DownsweepPolicy    = typename cub_policy::DownsweepPolicy;
    using AltDownsweepPolicy = typename cub_policy::AltDownsweepPolicy;
    using UpsweepPolicy      = typename cub_policy::UpsweepPolicy;
    using AltUpsweepPolicy   = typename cub_policy::AltUpsweepPolicy;
    using SingleTilePolicy   = typename cub_policy::SingleTilePolicy;
    using SegmentedPolicy    = typename cub_policy::SegmentedPolicy;
    using AltSegmentedPolicy = typename cub_policy::AltSegmentedPolicy;

    // CUB's sm_90 policy keeps these private; they are its policies' digit widths.
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

#ifdef TUNE_T
using key_types = nvbench::type_list<TUNE_T>;
#else
using key_types = nvbench::type_list<std::int8_t, std::int16_t, std::int32_t, std::int64_t, float, double>;
#endif

// The offsets CUB picks (choose_offset_t): uint32_t for 32-bit item counts, unsigned long long
// (not uint64_t, which is unsigned long) for 64-bit ones.
#ifdef TUNE_OffsetT
using radix_offset_types = nvbench::type_list<TUNE_OffsetT>;
#else
using radix_offset_types = nvbench::type_list<std::uint32_t, unsigned long long>;
#endif

namespace
{
using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

/// The unsigned integer with T's bits.
template <class T>
using bits_t = std::conditional_t<
  sizeof(T) == 1,
  std::uint8_t,
  std::conditional_t<sizeof(T) == 2, std::uint16_t, std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;

/// CUB's entropy values: AND-ing k independent uniform words leaves each bit set with
/// probability 2^-k, whose entropy is the label.
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

/// Keys of the given bit entropy. The bits go in as they are (floats too): a radix sort sees bit
/// patterns, and an int->float conversion would leave low mantissa digits constant. A float whose
/// exponent is all ones (Inf/NaN; 1 in 256 floats, 1 in 2048 doubles at entropy 1) loses its lowest
/// exponent bit instead, so the keys are finite numbers.
template <class T>
__global__ void fill_keys(T* out, std::size_t n, int words)
{
  using U                  = bits_t<T>;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    std::uint64_t h = ~std::uint64_t{0};
    for (int w = 0; w < words; ++w)
    {
      std::uint64_t x = (i * 8 + w + 1) * 0x9E3779B97F4A7C15ull; // splitmix64 of word w of key i
      x               = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
      x               = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
      h &= x ^ (x >> 31);
    }
    U bits = static_cast<U>(h);
    if constexpr (std::is_floating_point_v<T>)
    {
      constexpr U exponent = sizeof(T) == 4 ? U(0x7F800000u) : U(0x7FF0000000000000ull);
      constexpr U lowest   = exponent & ~(exponent << 1); // the exponent's least significant bit
      if ((bits & exponent) == exponent)
      {
        bits &= ~lowest;
      }
    }
    T key;
    memcpy(&key, &bits, sizeof(T));
    out[i] = key;
  }
}

/// Counts the elements whose bits differ. A stable sort of the same keys has one right output, bit
/// for bit, whatever the policy.
template <class T>
__global__ void count_mismatches(const T* actual, const T* expected, std::size_t n, unsigned long long* count)
{
  using U                  = bits_t<T>;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  unsigned long long local = 0;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    U a, e;
    memcpy(&a, actual + i, sizeof(T));
    memcpy(&e, expected + i, sizeof(T));
    local += a != e;
  }
  if (local != 0)
  {
    atomicAdd(count, local);
  }
}
} // namespace

template <class T, class OffsetT>
void radix_sort_keys(nvbench::state& state, nvbench::type_list<T, OffsetT>)
{
  using key_t    = T;
  using value_t  = cub::NullType;
  using offset_t = OffsetT;
  // The item count type for which cub::DeviceRadixSort::SortKeys dispatches with offset_t: base
  // is then exactly CUB's default.
  using num_items_t = std::conditional_t<sizeof(offset_t) == 4, int, std::int64_t>;
  static_assert(std::is_same_v<cub::detail::choose_offset_t<num_items_t>, offset_t>,
                "OffsetT{ct} must be an offset type CUB chooses");
  constexpr auto order = cub::SortOrder::Ascending;
#if TUNE_BASE
  using dispatch_t    = cub::DispatchRadixSort<order, key_t, value_t, offset_t>;
  constexpr bool fits = true;
#else
  using hub_t      = policy_hub_t<key_t, value_t, offset_t>;
  using dispatch_t = cub::DispatchRadixSort<order, key_t, value_t, offset_t, cub::detail::identity_decomposer_t, hub_t>;
  constexpr std::size_t smem = tuned_shared_memory<key_t, value_t, offset_t>();
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
    constexpr int begin_bit = 0;
    constexpr int end_bit   = sizeof(key_t) * 8;
    // Overwriting the input is not allowed (as SortKeys): every sample sorts the same keys.
    constexpr bool is_overwrite_okay = false;

    const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
    const int words     = words_for_entropy(state.get_string("Entropy{io}"));
    device_buffer<key_t> in(elements);
    device_buffer<key_t> out(elements);
    fill_keys<<<1024, 256>>>(in.get(), elements, words);
    cuda_check(cudaGetLastError(), "fill_keys");

    // The reference: CUB's default policy through the public API.
    device_buffer<key_t> reference(elements);
    std::size_t reference_temp_size = 0;
    cuda_check(cub::DeviceRadixSort::SortKeys(
            nullptr, reference_temp_size, in.get(), reference.get(), static_cast<num_items_t>(elements)),
          "cub::DeviceRadixSort::SortKeys");
    {
      device_buffer<char> reference_temp(reference_temp_size);
      cuda_check(cub::DeviceRadixSort::SortKeys(
              reference_temp.get(), reference_temp_size, in.get(), reference.get(), static_cast<num_items_t>(elements)),
            "cub::DeviceRadixSort::SortKeys");
      cuda_check(cudaDeviceSynchronize(), "cub::DeviceRadixSort::SortKeys");
    }

    // Dispatch updates the double buffers it is given (the result may be in either): each call
    // gets fresh copies, and the last call's result is what is verified.
    cub::DoubleBuffer<key_t> keys(in.get(), out.get());
    cub::DoubleBuffer<value_t> values;
    const key_t* result   = nullptr;
    std::size_t temp_size = 0;
    {
      cub::DoubleBuffer<key_t> k   = keys;
      cub::DoubleBuffer<value_t> v = values;
      cuda_check(dispatch_t::Dispatch(nullptr,
                                 temp_size,
                                 k,
                                 v,
                                 static_cast<offset_t>(elements),
                                 begin_bit,
                                 end_bit,
                                 is_overwrite_okay,
                                 cudaStream_t{}),
            "DispatchRadixSort");
    }
    device_buffer<char> temp(temp_size);

    state.add_element_count(elements);
    state.add_global_memory_reads<T>(elements, "Size");
    state.add_global_memory_writes<T>(elements);

    device_buffer<unsigned long long> mismatches(1);
    state.verify_with([&] {
      if (result == nullptr)
      {
        return policytune::bench::failed("DispatchRadixSort left no result");
      }
      cuda_check(cudaMemset(mismatches.get(), 0, sizeof(unsigned long long)), "cudaMemset");
      count_mismatches<<<1024, 256>>>(result, reference.get(), elements, mismatches.get());
      cuda_check(cudaGetLastError(), "count_mismatches");
      unsigned long long differ = 0;
      cuda_check(cudaMemcpy(&differ, mismatches.get(), sizeof(differ), cudaMemcpyDeviceToHost), "cudaMemcpy");
      if (differ == 0)
      {
        return policytune::bench::passed();
      }
      return policytune::bench::failed(std::to_string(differ) + " of " + std::to_string(elements)
                                       + " keys differ from cub::DeviceRadixSort::SortKeys");
    });
    state.exec(nvbench::exec_tag::gpu | nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
      cub::DoubleBuffer<key_t> k   = keys;
      cub::DoubleBuffer<value_t> v = values;
      cuda_check(dispatch_t::Dispatch(temp.get(),
                                 temp_size,
                                 k,
                                 v,
                                 static_cast<offset_t>(elements),
                                 begin_bit,
                                 end_bit,
                                 is_overwrite_okay,
                                 launch.get_stream()),
            "DispatchRadixSort");
      result = k.Current();
    });
  }
}

NVBENCH_BENCH_TYPES(radix_sort_keys, NVBENCH_TYPE_AXES(key_types, radix_offset_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}", "OffsetT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4))
  .add_string_axis("Entropy{io}", {"1.000", "0.544", "0.201"});
