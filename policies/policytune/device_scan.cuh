// SPDX-License-Identifier: Apache-2.0
// policytune::device_exclusive_sum: cub::DeviceScan::ExclusiveSum with the policies PolicyTune
// measured (policytune/tuning/scan_exclusive_sum.cuh), and CUB's own for everything not tuned.
// policytune::device_exclusive_scan: cub::DeviceScan::ExclusiveScan with the hub
// tune_algorithm(ALGORITHM exclusive_scan) rendered for the call's type and operator
// (policytune/custom_hubs.cuh), the exclusive sum's for plus, CUB's own call otherwise. From CCCL
// 3.5 its environment overload passes that call's policy selector through cuda::execution::tune.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/dispatch/dispatch_scan.cuh>

#include <cuda/std/functional>

#include <cstddef>

#include <policytune/custom_hubs.cuh>
#include <policytune/detail/range_dispatch.cuh>
#include <policytune/detail/sum_operator.cuh>
#include <policytune/tuning/scan_exclusive_sum.cuh>

#if CUB_VERSION >= 300500
#  include <policytune/detail/tuning_env.cuh>
#endif

namespace policytune
{
namespace detail
{
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
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using output_t = ::cub::detail::it_value_t<OutputIteratorT>;
  using init_t   = ::cub::detail::InputValue<input_t>;
  using op_t     = ::cuda::std::plus<>;
  using accum_t  = ::cuda::std::__accumulator_t<op_t, input_t, input_t>;
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
  // The types cub::DeviceScan::ExclusiveScan dispatches with (DispatchScan's default accumulator).
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using init_t   = ::cub::detail::InputValue<InitValueT>;
  using accum_t  = ::cuda::std::__accumulator_t<ScanOpT, input_t, InitValueT>;
  if constexpr (detail::has_custom_hub<algorithms::exclusive_scan, accum_t, ScanOpT> || detail::is_sum_v<ScanOpT, accum_t>)
  {
    using hubs_t = detail::hubs_for<algorithms::exclusive_scan, accum_t, ScanOpT, detail::scan_exclusive_sum_hubs>;
    return detail::exclusive_scan_with_hub<hubs_t::template hub, InputIteratorT, OutputIteratorT, ScanOpT, init_t,
                                           offset_t, accum_t>(
      d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init_t(init), static_cast<offset_t>(num_items), stream);
  }
  else
  {
    return ::cub::DeviceScan::ExclusiveScan(
      d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init, num_items, stream);
  }
}

#if CUB_VERSION >= 300500
namespace detail
{
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
    return ::cub::DeviceScan::ExclusiveScan(d_in, d_out, scan_op, init, num_items, detail::tuned_on<selector_t>(stream));
  });
}
} // namespace detail

/// Same contract as cub::DeviceScan::ExclusiveScan's environment overload: CUB allocates the
/// temporary storage on `stream`. The selector tune_algorithm(ALGORITHM exclusive_scan) rendered and
/// registered for the call's accumulator type and operator reaches CUB through its public tuning
/// API; anything else is CUB's own call (the exclusive sum's tunings ship as a hub, not a selector).
template <class InputIteratorT, class OutputIteratorT, class ScanOpT, class InitValueT, class NumItemsT>
cudaError_t device_exclusive_scan(
  InputIteratorT d_in, OutputIteratorT d_out, ScanOpT scan_op, InitValueT init, NumItemsT num_items, cudaStream_t stream = 0)
{
  // The types cub::DeviceScan::ExclusiveScan's environment overload selects its policy with.
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using accum_t  = ::cuda::std::__accumulator_t<ScanOpT, input_t, InitValueT>;
  if constexpr (detail::has_custom_selector<algorithms::exclusive_scan, accum_t, ScanOpT>)
  {
    using custom_t = custom_hub<algorithms::exclusive_scan, accum_t, ScanOpT>;
    return detail::exclusive_scan_with_selector<custom_t::template selector, accum_t, offset_t>(
      d_in, d_out, scan_op, init, num_items, stream);
  }
  else
  {
    return ::cub::DeviceScan::ExclusiveScan(d_in, d_out, scan_op, init, num_items, detail::untuned_on(stream));
  }
}
#endif
} // namespace policytune
