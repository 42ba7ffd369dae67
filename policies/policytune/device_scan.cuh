// SPDX-License-Identifier: Apache-2.0
// policytune::device_exclusive_sum: cub::DeviceScan::ExclusiveSum with the policies PolicyTune
// measured (policytune/tuning/scan_exclusive_sum.cuh), and CUB's own for everything not tuned.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/dispatch/dispatch_scan.cuh>

#include <cuda/std/functional>

#include <cstddef>

#include <policytune/detail/range_dispatch.cuh>
#include <policytune/tuning/scan_exclusive_sum.cuh>

namespace policytune
{
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
  int range = 0;
  if (const cudaError_t error = detail::select_range<hubs_t>(num_items, range); error != cudaSuccess)
  {
    return error;
  }
  return detail::with_range<hubs_t::range_count>(range, [&](auto range_constant) {
    using hub_t = tuning::scan_exclusive_sum::policy_hub<input_t, output_t, accum_t, offset_t, op_t,
                                                         decltype(range_constant)::value>;
    using dispatch_t =
      ::cub::DispatchScan<InputIteratorT, OutputIteratorT, op_t, init_t, offset_t, accum_t, ::cub::ForceInclusive::No, hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage, temp_storage_bytes, d_in, d_out, op_t{}, init_t(input_t{}), static_cast<offset_t>(num_items), stream);
  });
}
} // namespace policytune
