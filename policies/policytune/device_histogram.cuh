// SPDX-License-Identifier: Apache-2.0
// policytune::device_histogram_even: cub::DeviceHistogram::HistogramEven with the policies
// PolicyTune measured, and CUB's own for everything not tuned. Up to CCCL 3.4 the policies are a
// chained hub (policytune/tuning/histogram_even.cuh) given to cub::DispatchHistogram; from CCCL 3.5,
// which deprecates the dispatch classes, a policy selector
// (policytune/tuning/histogram_even_selector.cuh) passed through cuda::execution::tune to
// cub::DeviceHistogram::HistogramEven's environment overloads, which also give the form without
// temporary storage.
#pragma once

#include <cub/device/dispatch/dispatch_histogram.cuh>

#include <cuda/std/array>
#include <cuda/std/type_traits>

#include <climits>
#include <cstddef>

#include <policytune/detail/cccl_compat.cuh>
#include <policytune/detail/range_dispatch.cuh>

// Each release includes only its own form: the chained hub names what 3.5 deprecates.
#include <cub/version.cuh>
#if CUB_VERSION >= 300500
#  include <cub/device/device_histogram.cuh>

#  include <policytune/detail/tuning_env.cuh>
#  include <policytune/tuning/histogram_even_selector.cuh>
#else
#  include <policytune/tuning/histogram_even.cuh>
#endif

namespace policytune
{
#if CUB_VERSION < 300500
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
#else
namespace detail
{
/// Runs `call(env)` with the environment of `stream` carrying, through cuda::execution::tune, the
/// histogram selector of the range `num_samples` falls in, for what
/// cub::DeviceHistogram::HistogramEven chooses CUB's own selector with: one channel, even bins.
template <class SampleIteratorT, class CounterT, class OffsetT, class Call>
cudaError_t with_histogram_even_selector(OffsetT num_samples, cudaStream_t stream, Call&& call)
{
  using sample_t         = ::cub::detail::it_value_t<SampleIteratorT>;
  constexpr bool is_even = true;
  using selectors_t      = tuning::histogram_even_selector::policy_selector<sample_t, CounterT, 1, 1, is_even>;
  return with_range_for_size<selectors_t>(num_samples, [&](auto range_constant) {
    using selector_t = tuning::histogram_even_selector::
      policy_selector<sample_t, CounterT, 1, 1, is_even, decltype(range_constant)::value>;
    return call(tuned_on<selector_t>(stream));
  });
}
} // namespace detail

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
  return detail::with_histogram_even_selector<SampleIteratorT, CounterT>(num_samples, stream, [&](const auto& env) {
    return ::cub::DeviceHistogram::HistogramEven(
      d_temp_storage,
      temp_storage_bytes,
      d_samples,
      d_histogram,
      num_levels,
      lower_level,
      upper_level,
      num_samples,
      env);
  });
}

/// Same contract as cub::DeviceHistogram::HistogramEven's environment overload: CUB allocates the
/// temporary storage on `stream`.
template <class SampleIteratorT, class CounterT, class LevelT, class OffsetT>
cudaError_t device_histogram_even(
  SampleIteratorT d_samples,
  CounterT* d_histogram,
  int num_levels,
  LevelT lower_level,
  LevelT upper_level,
  OffsetT num_samples,
  cudaStream_t stream = 0)
{
  return detail::with_histogram_even_selector<SampleIteratorT, CounterT>(num_samples, stream, [&](const auto& env) {
    return ::cub::DeviceHistogram::HistogramEven(
      d_samples, d_histogram, num_levels, lower_level, upper_level, num_samples, env);
  });
}
#endif
} // namespace policytune
