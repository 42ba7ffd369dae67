// SPDX-License-Identifier: Apache-2.0
// policytune::device_exclusive_sum_by_key: cub::DeviceScan::ExclusiveSumByKey with the policies
// PolicyTune measured (policytune/tuning/scan_exclusive_sum_by_key.cuh), and CUB's own for everything
// not tuned.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/dispatch/dispatch_scan_by_key.cuh>

#include <cuda/std/functional>

#include <cstddef>

#include <policytune/detail/range_dispatch.cuh>
#include <policytune/tuning/scan_exclusive_sum_by_key.cuh>

namespace policytune
{
/// Same contract as cub::DeviceScan::ExclusiveSumByKey: `d_values_out[i]` is the sum of the values
/// before `i` in its run of equal keys (`equality_op`), and 0 at the start of every run. Call once
/// with `d_temp_storage == nullptr` for the temporary storage size.
template <class KeysInputIteratorT,
          class ValuesInputIteratorT,
          class ValuesOutputIteratorT,
          class EqualityOpT = ::cuda::std::equal_to<>,
          class NumItemsT>
cudaError_t device_exclusive_sum_by_key(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  KeysInputIteratorT d_keys_in,
  ValuesInputIteratorT d_values_in,
  ValuesOutputIteratorT d_values_out,
  NumItemsT num_items,
  EqualityOpT equality_op = EqualityOpT(),
  cudaStream_t stream     = 0)
{
  // The types cub::DeviceScan::ExclusiveSumByKey dispatches with.
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using key_t    = ::cub::detail::it_value_t<KeysInputIteratorT>;
  using value_t  = ::cub::detail::it_value_t<ValuesInputIteratorT>;
  using init_t   = value_t;
  using op_t     = ::cuda::std::plus<>;
  using accum_t  = ::cuda::std::__accumulator_t<op_t, value_t, init_t>;
  using hubs_t   = tuning::scan_exclusive_sum_by_key::policy_hub<key_t, accum_t, value_t, op_t>;
  // Where a size dispatch was measured, the hub of the range num_items falls in.
  return detail::with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t =
      tuning::scan_exclusive_sum_by_key::policy_hub<key_t, accum_t, value_t, op_t, decltype(range_constant)::value>;
    using dispatch_t = ::cub::DispatchScanByKey<
      KeysInputIteratorT,
      ValuesInputIteratorT,
      ValuesOutputIteratorT,
      EqualityOpT,
      op_t,
      init_t,
      offset_t,
      accum_t,
      hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_keys_in,
      d_values_in,
      d_values_out,
      equality_op,
      op_t{},
      init_t{},
      static_cast<offset_t>(num_items),
      stream);
  });
}
} // namespace policytune
