// SPDX-License-Identifier: Apache-2.0
// policytune::device_histogram_even: cub::DeviceHistogram::HistogramEven with the policies
// PolicyTune measured (policytune/tuning/histogram_even.cuh), and CUB's own for everything not tuned.
#pragma once

#include <cub/device/dispatch/dispatch_histogram.cuh>

#include <cuda/std/array>
#include <cuda/std/type_traits>

#include <climits>
#include <cstddef>

#include <policytune/detail/cccl_compat.cuh>
#include <policytune/detail/range_dispatch.cuh>
#include <policytune/tuning/histogram_even.cuh>

namespace policytune
{
/// Same contract as cub::DeviceHistogram::HistogramEven: counts the `num_samples` samples of
/// `d_samples` into `num_levels - 1` bins of equal width between `lower_level` (inclusive) and
/// `upper_level` (exclusive) in `d_histogram`; samples outside are not counted.
template <class SampleIteratorT, class CounterT, class LevelT, class OffsetT>
cudaError_t device_histogram_even(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  SampleIteratorT d_samples,
  CounterT* d_histogram,
  int num_levels,
  LevelT lower_level,
  LevelT upper_level,
  OffsetT num_samples,
  cudaStream_t stream = 0)
{
  // What cub::DeviceHistogram::HistogramEven dispatches: one channel, CUB's hub for its samples.
  using sample_t              = ::cub::detail::it_value_t<SampleIteratorT>;
  constexpr bool is_even      = true;  // as cub::DeviceHistogram::HistogramEven's hub on every release
  using hubs_t                = tuning::histogram_even::policy_hub<sample_t, CounterT, 1, 1, is_even>;
  return detail::with_range_for_size<hubs_t>(num_samples, [&](auto range_constant) {
    using hub_t = tuning::histogram_even::policy_hub<sample_t, CounterT, 1, 1, is_even, decltype(range_constant)::value>;
    // As CUB: 64-bit sample counts whose bytes fit an int are dispatched with int offsets.
    const auto dispatch = [&](auto offset) {
      using offset_t   = decltype(offset);
      using dispatch_t = ::cub::DispatchHistogram<1, 1, SampleIteratorT, CounterT, LevelT, offset_t, hub_t>;
      return dispatch_t::DispatchEven(
        d_temp_storage,
        temp_storage_bytes,
        d_samples,
        ::cuda::std::array<CounterT*, 1>{d_histogram},
        ::cuda::std::array<int, 1>{num_levels},
        ::cuda::std::array<LevelT, 1>{lower_level},
        ::cuda::std::array<LevelT, 1>{upper_level},
        static_cast<offset_t>(num_samples),
        offset_t{1},
        static_cast<offset_t>(num_samples),
        stream,
        ::cuda::std::bool_constant<sizeof(sample_t) == 1>{});
    };
    if constexpr (sizeof(OffsetT) > sizeof(int))
    {
      if (static_cast<unsigned long long>(num_samples) * sizeof(sample_t) < static_cast<unsigned long long>(INT_MAX))
      {
        return dispatch(int{});
      }
    }
    return dispatch(OffsetT{});
  });
}
} // namespace policytune
