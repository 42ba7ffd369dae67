// The selectors templates/cub/ renders from results of CUB's own v3.4.2 benchmarks, one header per
// family (tests/cmake/cub_families.cmake writes them into CUB_FAMILY_HEADERS), used as CCCL 3.5
// takes them: every family's public API called with the selector through cuda::execution::tune
// (compiled, never run: nothing here has a GPU), and on the host each selector checked against
// the winners in tests/data/cub_families and against CUB's own selector for that call.
#include <cub/device/device_adjacent_difference.cuh>
#include <cub/device/device_memcpy.cuh>
#include <cub/device/device_merge.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_segmented_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cub/device/device_select.cuh>
#include <cub/device/device_transform.cuh>

#include <cuda/std/functional>
#include <cuda/std/tuple>

#include <cstdint>
#include <cstdio>

#include "adjacent_difference.cuh"
#include "copy.cuh"
#include "merge.cuh"
#include "merge_sort.cuh"
#include "segmented_scan.cuh"
#include "segmented_sort.cuh"
#include "transform.cuh"
#include "unique_by_key.cuh"

namespace families = ::policytune::cub_tuning;

// The measured workloads (tests/data/cub_families/write_database.py) and their selectors.
using adjacent_difference_t = families::adjacent_difference::policy_selector<std::int32_t, std::int64_t, false>;
using copy_t                = families::copy::policy_selector<std::uint32_t, std::int32_t>;
using merge_t               = families::merge::policy_selector<std::int32_t>;
using merge_sort_t          = families::merge_sort::policy_selector<std::int64_t, std::int32_t>;
using segmented_scan_t      = families::segmented_scan::policy_selector<float, std::int64_t>;
using segmented_sort_t      = families::segmented_sort::policy_selector<std::uint32_t, std::int32_t>;
using unique_by_key_t       = families::unique_by_key::policy_selector<std::int64_t, std::int32_t, std::int32_t>;
using transform_inputs_t    = ::cuda::std::tuple<const float*, const float*>;
using transform_t           = families::transform::policy_selector<float, std::int64_t, transform_inputs_t>;

// Every family's public call through the selector: compiles the whole path from
// cuda::execution::tune to CUB's kernels for the selector's policies. Not called.
void call_every_family()
{
  const auto tuned = [](auto selector) {
    return ::cuda::std::execution::env{::cuda::execution::tune(selector)};
  };
  {
    const std::int32_t* in = nullptr;
    std::int32_t* out      = nullptr;
    (void) cub::DeviceAdjacentDifference::SubtractLeftCopy(
      in, out, std::int64_t{0}, ::cuda::std::minus<>{}, tuned(adjacent_difference_t{}));
  }
  {
    const void* const* sources   = nullptr;
    void* const* destinations    = nullptr;
    const std::int32_t* sizes    = nullptr;
    (void) cub::DeviceMemcpy::Batched(sources, destinations, sizes, 0, tuned(copy_t{}));
  }
  {
    const std::int32_t* lhs = nullptr;
    const std::int32_t* rhs = nullptr;
    std::int32_t* out       = nullptr;
    (void) cub::DeviceMerge::MergeKeys(lhs, 0, rhs, 0, out, ::cuda::std::less<>{}, tuned(merge_t{}));
  }
  {
    std::int64_t* in  = nullptr;
    std::int64_t* out = nullptr;
    (void) cub::DeviceMergeSort::SortKeysCopy(in, out, std::int32_t{0}, ::cuda::std::less<>{}, tuned(merge_sort_t{}));
  }
  {
    const float* in               = nullptr;
    float* out                    = nullptr;
    const std::int64_t* offsets   = nullptr;
    (void) cub::DeviceSegmentedScan::ExclusiveSegmentedSum(in, out, offsets, offsets + 1, 0, tuned(segmented_scan_t{}));
  }
  {
    const std::uint32_t* in     = nullptr;
    std::uint32_t* out          = nullptr;
    const std::int32_t* offsets = nullptr;
    (void) cub::DeviceSegmentedSort::SortKeys(in, out, 0, 0, offsets, offsets + 1, tuned(segmented_sort_t{}));
  }
  {
    const std::int64_t* keys_in   = nullptr;
    const std::int32_t* values_in = nullptr;
    std::int64_t* keys_out        = nullptr;
    std::int32_t* values_out      = nullptr;
    std::int32_t* selected        = nullptr;
    (void) cub::DeviceSelect::UniqueByKey(
      keys_in, values_in, keys_out, values_out, selected, std::int32_t{0}, ::cuda::std::equal_to<>{},
      tuned(unique_by_key_t{}));
  }
  {
    const float* a = nullptr;
    const float* b = nullptr;
    float* out     = nullptr;
    (void) cub::DeviceTransform::Transform(
      transform_inputs_t{a, b}, out, std::int64_t{0}, ::cuda::std::plus<>{}, tuned(transform_t{}));
  }
}

// CUB's own selectors, as the calls above instantiate them (what a workload gets without tuning).
template <class T>
using cub_adjacent_difference = ::cub::detail::adjacent_difference::policy_selector_from_types<const T*, false>;
using cub_copy = ::cub::detail::batch_memcpy::policy_selector;
template <class K>
using cub_merge =
  ::cub::detail::merge::policy_selector_from_types<const K*, ::cub::NullType*, const K*, ::cub::NullType*, std::int64_t>;
template <class K>
using cub_merge_sort = ::cub::detail::merge_sort::policy_selector_from_types<const K*>;
template <class AccumT>
using cub_segmented_scan = ::cub::detail::segmented_scan::policy_selector_from_types<AccumT>;
template <class K>
using cub_segmented_sort = ::cub::detail::segmented_sort::policy_selector_from_types<K, ::cub::NullType>;
template <class K, class V>
using cub_unique_by_key = ::cub::detail::unique_by_key::policy_selector_from_types<K, V>;
template <class Inputs, class T>
using cub_transform = ::cub::detail::transform::policy_selector_from_types<false, true, Inputs, T*>;

namespace
{
constexpr ::cuda::compute_capability measured{9, 0};
// Below the measured architecture, and above it: GPUs nobody measured.
constexpr ::cuda::compute_capability unmeasured[] = {{8, 0}, {10, 0}, {12, 0}};

int failures = 0;

void expect(bool holds, const char* family, ::cuda::compute_capability cc, const char* what)
{
  if (!holds)
  {
    std::printf("FAIL %s at compute capability %d.%d: %s\n", family, cc.major_cap(), cc.minor_cap(), what);
    ++failures;
  }
}

// The measured workload: at sm_90 the winner (`knobs` checks what the variant set) rather than
// CUB's policy; on every other architecture exactly CUB's own.
template <class Selector, class Cub, class Knobs>
void check_measured(const char* family, Knobs knobs)
{
  const auto winner = Selector{}(measured);
  expect(knobs(winner), family, measured, "sm_90 does not get the measured winner's knobs");
  expect(winner != Cub{}(measured), family, measured, "sm_90's winner equals CUB's own policy: the check proves nothing");
  for (const auto cc : unmeasured)
  {
    expect(Selector{}(cc) == Cub{}(cc), family, cc, "an architecture nobody measured does not get CUB's own policy");
  }
}

// A workload nobody measured: CUB's own policy on every architecture, sm_90 included.
template <class Selector, class Cub>
void check_unmeasured(const char* family)
{
  for (const auto cc : {measured, unmeasured[0], unmeasured[1], unmeasured[2]})
  {
    expect(Selector{}(cc) == Cub{}(cc), family, cc, "a workload nobody measured does not get CUB's own policy");
  }
}
} // namespace

int main()
{
  check_measured<adjacent_difference_t, cub_adjacent_difference<std::int32_t>>(
    "adjacent_difference", [](::cub::AdjacentDifferencePolicy p) {
      return p.threads_per_block == 256 && p.items_per_thread == 12 && p.load_modifier == ::cub::LOAD_CA;
    });
  check_unmeasured<families::adjacent_difference::policy_selector<std::int64_t, std::int64_t, false>,
                   cub_adjacent_difference<std::int64_t>>("adjacent_difference");

  check_measured<copy_t, cub_copy>("copy", [](::cub::BatchedCopyPolicy p) {
    const auto& small = p.lookback.small_buffer;
    const auto& large = p.lookback.large_buffer;
    return small.threads_per_block == 256 && small.buffers_per_thread == 8 && small.bytes_per_thread == 16
        && small.prefer_pow2_bits && small.block_level_tile_size == 512 * 64 && small.warp_level_threshold == 64
        && small.block_level_threshold == 2048
        && small.buffer_lookback_delay
             == ::cub::LookbackDelayPolicy{::cub::LookbackDelayAlgorithm::exponential_backoff, 128, 500}
        && small.block_lookback_delay
             == ::cub::LookbackDelayPolicy{::cub::LookbackDelayAlgorithm::exponential_backoff_jitter_window, 256, 350}
        && large.threads_per_block == 512 && large.bytes_per_thread == 64;
  });
  check_unmeasured<families::copy::policy_selector<std::uint8_t, std::int32_t>, cub_copy>("copy");

  check_measured<merge_t, cub_merge<std::int32_t>>("merge", [](::cub::MergePolicy p) {
    return p.threads_per_block == 256 && p.items_per_thread == 11 && p.load_modifier == ::cub::LOAD_DEFAULT
        && p.store_algorithm == ::cub::BLOCK_STORE_WARP_TRANSPOSE && p.use_bulk_copy_for_keys;
  });
  check_unmeasured<families::merge::policy_selector<double>, cub_merge<double>>("merge");

  check_measured<merge_sort_t, cub_merge_sort<std::int64_t>>("merge_sort", [](::cub::MergeSortPolicy p) {
    // 20 nominal 4-byte items are 10 of 8 bytes
    return p.threads_per_block == 128 && p.items_per_thread == 10 && p.load_algorithm == ::cub::BLOCK_LOAD_DIRECT
        && p.load_modifier == ::cub::LOAD_LDG && p.store_algorithm == ::cub::BLOCK_STORE_DIRECT;
  });
  check_unmeasured<families::merge_sort::policy_selector<std::int64_t, std::int64_t>, cub_merge_sort<std::int64_t>>(
    "merge_sort");

  check_measured<segmented_scan_t, cub_segmented_scan<float>>("segmented_scan", [](::cub::SegmentedScanPolicy p) {
    return p.block.threads_per_block == 256 && p.block.items_per_thread == 12
        && p.block.load_algorithm == ::cub::BLOCK_LOAD_WARP_TRANSPOSE && p.block.load_modifier == ::cub::LOAD_CA
        && p.block.max_segments == 1;
  });
  check_unmeasured<families::segmented_scan::policy_selector<double, std::int64_t>, cub_segmented_scan<double>>(
    "segmented_scan");

  check_measured<segmented_sort_t, cub_segmented_sort<std::uint32_t>>(
    "segmented_sort", [](::cub::SegmentedSortPolicy p) {
      return p.large_segment.threads_per_block == 256 && p.large_segment.items_per_thread == 20
          && p.large_segment.radix_bits == 6 && p.large_segment.rank_algorithm == ::cub::RADIX_RANK_MEMOIZE
          && p.large_segment.load_modifier == ::cub::LOAD_CA && p.medium_segment.threads_per_warp == 16
          && p.medium_segment.items_per_thread == 8 && p.medium_segment.load_algorithm == ::cub::WARP_LOAD_TRANSPOSE
          && p.small_segment.threads_per_warp == 4 && p.small_segment.items_per_thread == 4
          && p.small_segment.load_modifier == ::cub::LOAD_CA && p.partitioning_threshold == 300;
    });
  check_unmeasured<families::segmented_sort::policy_selector<std::uint64_t, std::int32_t>,
                   cub_segmented_sort<std::uint64_t>>("segmented_sort");

  check_measured<unique_by_key_t, cub_unique_by_key<std::int64_t, std::int32_t>>(
    "unique_by_key", [](::cub::UniqueByKeyPolicy p) {
      return p.threads_per_block == 384 && p.items_per_thread == 14
          && p.load_algorithm == ::cub::BLOCK_LOAD_WARP_TRANSPOSE && p.load_modifier == ::cub::LOAD_CA
          && p.lookback_delay
               == ::cub::LookbackDelayPolicy{::cub::LookbackDelayAlgorithm::exponential_backoff, 1000, 500};
    });
  check_unmeasured<families::unique_by_key::policy_selector<std::int32_t, std::int32_t, std::int32_t>,
                   cub_unique_by_key<std::int32_t, std::int32_t>>("unique_by_key");

  check_measured<transform_t, cub_transform<transform_inputs_t, float>>(
    "transform", [](::cub::TransformPolicy p) {
      return p.algorithm == ::cub::TransformAlgorithm::vectorized
          && p.min_bytes_in_flight == ::cub::detail::transform::cc_to_min_bytes_in_flight(measured) + 8
          && p.vectorized.threads_per_block == 256 && p.vectorized.vec_size == 4
          && p.vectorized.items_per_thread == 16;
    });
  using double_inputs_t = ::cuda::std::tuple<const double*, const double*>;
  check_unmeasured<families::transform::policy_selector<double, std::int64_t, double_inputs_t>,
                   cub_transform<double_inputs_t, double>>("transform");

  if (failures == 0)
  {
    std::printf("8 families: sm_90 takes the measured winners; sm_80, sm_100, sm_120 and unmeasured workloads CUB's own\n");
  }
  return failures == 0 ? 0 : 1;
}
