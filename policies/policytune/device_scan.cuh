// SPDX-License-Identifier: Apache-2.0
// policytune::device_exclusive_sum: cub::DeviceScan::ExclusiveSum with the policies PolicyTune
// measured (policytune/tuning/scan_exclusive_sum.cuh), and CUB's own for everything not tuned.
// policytune::device_exclusive_scan: cub::DeviceScan::ExclusiveScan with the hub
// tune_algorithm(ALGORITHM exclusive_scan) rendered for the call's type and operator
// (policytune/custom_hubs.cuh), the exclusive sum's for plus, CUB's own call otherwise.
// Up to CCCL 3.4 the calls pass chained hubs to cub::DispatchScan. From 3.5, which deprecates it,
// they pass the same winners as policy selectors (policytune/tuning/scan_exclusive_sum_selector.cuh,
// a registration's): the overloads without temporary storage to CUB's public environment overloads
// through cuda::execution::tune, the two-phase ones to the function CUB's own two-phase call runs.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/dispatch/dispatch_scan.cuh>
#include <cub/version.cuh>

#include <cuda/std/functional>

#include <cstddef>

#include <policytune/custom_hubs.cuh>
#include <policytune/detail/range_dispatch.cuh>
#include <policytune/detail/sum_operator.cuh>

// Each release includes only its own form: the chained hub names what 3.5 deprecates.
#if CUB_VERSION >= 300500
#  include <policytune/detail/custom_selectors.cuh>
#  include <policytune/detail/tuning_env.cuh>
#  include <policytune/tuning/scan_exclusive_sum_selector.cuh>
#else
#  include <policytune/tuning/scan_exclusive_sum.cuh>
#endif

namespace policytune
{
namespace detail
{
// The types cub::DeviceScan::ExclusiveScan dispatches with (DispatchScan's default accumulator);
// ExclusiveSum's are those of a sum whose initial value is the input type's zero.
template <class InputIteratorT, class ScanOpT, class InitValueT, class NumItemsT>
struct exclusive_scan_types
{
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using init_t   = ::cub::detail::InputValue<InitValueT>;
  using accum_t  = ::cuda::std::__accumulator_t<ScanOpT, input_t, InitValueT>;
};

#if CUB_VERSION >= 300500
/// The shipped exclusive sum's selectors, where no selector is registered for a sum's type.
struct scan_exclusive_sum_selectors
{
  template <class InputIteratorT, class OutputIteratorT, class AccumT, class OffsetT, class ScanOpT, int Range>
  using selector =
    tuning::scan_exclusive_sum_selector::policy_selector<InputIteratorT, OutputIteratorT, AccumT, OffsetT, ScanOpT, Range>;
};

/// The two-phase exclusive scan with the selector `Selector<InputIteratorT, OutputIteratorT, AccumT,
/// OffsetT, ScanOpT, Range>` of the range `num_items` falls in.
template <template <class, class, class, class, class, int> class Selector,
          class AccumT,
          class OffsetT,
          class InputIteratorT,
          class OutputIteratorT,
          class ScanOpT,
          class InitValueT,
          class NumItemsT>
cudaError_t exclusive_scan_with_selector(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  ScanOpT scan_op,
  InitValueT init,
  NumItemsT num_items,
  cudaStream_t stream)
{
  using selectors_t = Selector<InputIteratorT, OutputIteratorT, AccumT, OffsetT, ScanOpT, 0>;
  return with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
    using selector_t = Selector<InputIteratorT, OutputIteratorT, AccumT, OffsetT, ScanOpT, decltype(range_constant)::value>;
    // CUB 3.5 has no public ExclusiveScan taking caller-provided temporary storage and a tuning: the
    // function its two-phase ExclusiveScan and ExclusiveSum call, given the selector.
    return ::cub::detail::scan::dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_in,
      d_out,
      scan_op,
      ::cub::detail::InputValue<InitValueT>(init),
      static_cast<OffsetT>(num_items),
      stream,
      selector_t{});
  });
}

/// cub::DeviceScan::ExclusiveScan's environment overload with the selector `Selector<InputIteratorT,
/// OutputIteratorT, AccumT, OffsetT, ScanOpT, Range>` of the range `num_items` falls in, through
/// cuda::execution::tune.
template <template <class, class, class, class, class, int> class Selector,
          class AccumT,
          class OffsetT,
          class InputIteratorT,
          class OutputIteratorT,
          class ScanOpT,
          class InitValueT,
          class NumItemsT>
cudaError_t exclusive_scan_with_selector(
  InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op, InitValueT init, NumItemsT num_items, cudaStream_t stream)
{
  using selectors_t = Selector<InputIteratorT, OutputIteratorT, AccumT, OffsetT, ScanOpT, 0>;
  return with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
    using selector_t = Selector<InputIteratorT, OutputIteratorT, AccumT, OffsetT, ScanOpT, decltype(range_constant)::value>;
    return ::cub::DeviceScan::ExclusiveScan(d_in, d_out, scan_op, init, num_items, tuned_on<selector_t>(stream));
  });
}

/// Which selectors serve an exclusive scan of AccumT by ScanOpT, and whether any does: a registered
/// one, else the shipped exclusive sum's for plus.
template <class AccumT, class ScanOpT>
struct exclusive_scan_tuning
{
  static_assert(registration_has_selector<algorithms::exclusive_scan, AccumT, ScanOpT>,
                "tune_algorithm(ALGORITHM exclusive_scan) registered a hub without a policy selector: re-render it "
                "with this PolicyTune, whose CCCL 3.5 API passes selectors only");
  static constexpr bool tuned =
    has_custom_selector<algorithms::exclusive_scan, AccumT, ScanOpT> || is_sum_v<ScanOpT, AccumT>;
  using selectors = selectors_for<algorithms::exclusive_scan, AccumT, ScanOpT, scan_exclusive_sum_selectors>;
};
#else
/// cub::DispatchScan (exclusive) with the hub `Hub<InputValueT, OutputValueT, AccumT, OffsetT, ScanOpT,
/// Range>` of the range `num_items` falls in (Range 0 where the hub has no size dispatch).
template <template <class, class, class, class, class, int> class Hub,
          class InputIteratorT,
          class OutputIteratorT,
          class ScanOpT,
          class InitValueT,
          class OffsetT,
          class AccumT>
cudaError_t exclusive_scan_with_hub(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  ScanOpT scan_op,
  InitValueT init,
  OffsetT num_items,
  cudaStream_t stream)
{
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using output_t = ::cub::detail::it_value_t<OutputIteratorT>;
  using hubs_t   = Hub<input_t, output_t, AccumT, OffsetT, ScanOpT, 0>;
  return with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t      = Hub<input_t, output_t, AccumT, OffsetT, ScanOpT, decltype(range_constant)::value>;
    using dispatch_t = ::cub::DispatchScan<InputIteratorT,
                                           OutputIteratorT,
                                           ScanOpT,
                                           InitValueT,
                                           OffsetT,
                                           AccumT,
                                           ::cub::ForceInclusive::No,
                                           hub_t>;
    return dispatch_t::Dispatch(d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init, num_items, stream);
  });
}

/// The shipped exclusive sum's hubs, where no hub is registered for a sum's type.
struct scan_exclusive_sum_hubs
{
  template <class InputValueT, class OutputValueT, class AccumT, class OffsetT, class ScanOpT, int Range>
  using hub = tuning::scan_exclusive_sum::policy_hub<InputValueT, OutputValueT, AccumT, OffsetT, ScanOpT, Range>;
};
#endif
} // namespace detail

/// Same contract as cub::DeviceScan::ExclusiveSum: `d_out[i]` is the sum of `d_in[0..i)`, and 0
/// for `i == 0`. Call once with `d_temp_storage == nullptr` for the temporary storage size.
template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
cudaError_t device_exclusive_sum(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  NumItemsT num_items,
  cudaStream_t stream = 0)
{
  // The types cub::DeviceScan::ExclusiveSum dispatches with.
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using op_t     = ::cuda::std::plus<>;
  using types_t  = detail::exclusive_scan_types<InputIteratorT, op_t, input_t, NumItemsT>;
  using offset_t = typename types_t::offset_t;
  using accum_t  = typename types_t::accum_t;
#if CUB_VERSION >= 300500
  return detail::exclusive_scan_with_selector<detail::scan_exclusive_sum_selectors::selector, accum_t, offset_t>(
    d_temp_storage, temp_storage_bytes, d_in, d_out, op_t{}, input_t{}, num_items, stream);
#else
  using output_t = ::cub::detail::it_value_t<OutputIteratorT>;
  using init_t   = typename types_t::init_t;
  using hubs_t   = tuning::scan_exclusive_sum::policy_hub<input_t, output_t, accum_t, offset_t, op_t>;
  // Where a size dispatch was measured, the hub of the range num_items falls in.
  return detail::with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t = tuning::scan_exclusive_sum::policy_hub<input_t, output_t, accum_t, offset_t, op_t,
                                                         decltype(range_constant)::value>;
    using dispatch_t =
      ::cub::DispatchScan<InputIteratorT, OutputIteratorT, op_t, init_t, offset_t, accum_t, ::cub::ForceInclusive::No, hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage, temp_storage_bytes, d_in, d_out, op_t{}, init_t(input_t{}), static_cast<offset_t>(num_items), stream);
  });
#endif
}

/// Same contract as cub::DeviceScan::ExclusiveScan: `d_out[0]` is `init`, and `d_out[i]` is `init`
/// combined with `d_in[0..i)` by `scan_op`. A hub tune_algorithm(ALGORITHM exclusive_scan) rendered for
/// this accumulator type and operator serves the call where one is included (policytune/custom_hubs.cuh);
/// a sum takes device_exclusive_sum's hub; anything else is CUB's own call.
template <class InputIteratorT, class OutputIteratorT, class ScanOpT, class InitValueT, class NumItemsT>
cudaError_t device_exclusive_scan(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  ScanOpT scan_op,
  InitValueT init,
  NumItemsT num_items,
  cudaStream_t stream = 0)
{
  using types_t  = detail::exclusive_scan_types<InputIteratorT, ScanOpT, InitValueT, NumItemsT>;
  using offset_t = typename types_t::offset_t;
  using accum_t  = typename types_t::accum_t;
#if CUB_VERSION >= 300500
  using tuning_t = detail::exclusive_scan_tuning<accum_t, ScanOpT>;
  if constexpr (tuning_t::tuned)
  {
    return detail::exclusive_scan_with_selector<tuning_t::selectors::template selector, accum_t, offset_t>(
      d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init, num_items, stream);
  }
#else
  using init_t = typename types_t::init_t;
  if constexpr (detail::has_custom_hub<algorithms::exclusive_scan, accum_t, ScanOpT> || detail::is_sum_v<ScanOpT, accum_t>)
  {
    using hubs_t = detail::hubs_for<algorithms::exclusive_scan, accum_t, ScanOpT, detail::scan_exclusive_sum_hubs>;
    return detail::exclusive_scan_with_hub<hubs_t::template hub, InputIteratorT, OutputIteratorT, ScanOpT, init_t,
                                           offset_t, accum_t>(
      d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init_t(init), static_cast<offset_t>(num_items), stream);
  }
#endif
  else
  {
    return ::cub::DeviceScan::ExclusiveScan(
      d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init, num_items, stream);
  }
}

#if CUB_VERSION >= 300500
/// Same contract as cub::DeviceScan::ExclusiveSum's environment overload: CUB allocates the
/// temporary storage on `stream`.
template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
cudaError_t device_exclusive_sum(InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
{
  using input_t     = ::cub::detail::it_value_t<InputIteratorT>;
  using op_t        = ::cuda::std::plus<>;
  using types_t     = detail::exclusive_scan_types<InputIteratorT, op_t, input_t, NumItemsT>;
  using offset_t    = typename types_t::offset_t;
  using accum_t     = typename types_t::accum_t;
  using shipped     = detail::scan_exclusive_sum_selectors;
  using selectors_t = shipped::selector<InputIteratorT, OutputIteratorT, accum_t, offset_t, op_t, 0>;
  return detail::with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
    using selector_t =
      shipped::selector<InputIteratorT, OutputIteratorT, accum_t, offset_t, op_t, decltype(range_constant)::value>;
    return ::cub::DeviceScan::ExclusiveSum(d_in, d_out, num_items, detail::tuned_on<selector_t>(stream));
  });
}

/// Same contract as cub::DeviceScan::ExclusiveScan's environment overload: CUB allocates the
/// temporary storage on `stream`. The selector tune_algorithm(ALGORITHM exclusive_scan) rendered and
/// registered for the call's accumulator type and operator serves it, the exclusive sum's for plus;
/// anything else is CUB's own call.
template <class InputIteratorT, class OutputIteratorT, class ScanOpT, class InitValueT, class NumItemsT>
cudaError_t device_exclusive_scan(
  InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op, InitValueT init, NumItemsT num_items, cudaStream_t stream = 0)
{
  using types_t  = detail::exclusive_scan_types<InputIteratorT, ScanOpT, InitValueT, NumItemsT>;
  using offset_t = typename types_t::offset_t;
  using accum_t  = typename types_t::accum_t;
  using tuning_t = detail::exclusive_scan_tuning<accum_t, ScanOpT>;
  if constexpr (tuning_t::tuned)
  {
    return detail::exclusive_scan_with_selector<tuning_t::selectors::template selector, accum_t, offset_t>(
      d_in, d_out, scan_op, init, num_items, stream);
  }
  else
  {
    return ::cub::DeviceScan::ExclusiveScan(d_in, d_out, scan_op, init, num_items, detail::untuned_on(stream));
  }
}
#endif
} // namespace policytune
