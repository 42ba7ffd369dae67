// SPDX-License-Identifier: Apache-2.0
// policytune::device_exclusive_sum_by_key: cub::DeviceScan::ExclusiveSumByKey with the policies
// PolicyTune measured (policytune/tuning/scan_exclusive_sum_by_key.cuh), and CUB's own for everything
// not tuned.
// Up to CCCL 3.4 the call passes a chained hub to cub::DispatchScanByKey. From 3.5, which deprecates
// it, it passes the same winners as a policy selector
// (policytune/tuning/scan_exclusive_sum_by_key_selector.cuh): the overload without temporary storage
// to CUB's public environment overload through cuda::execution::tune, the two-phase one to the
// function CUB's own two-phase call runs.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/dispatch/dispatch_scan_by_key.cuh>
#include <cub/version.cuh>

#include <cuda/std/functional>
#include <cuda/std/type_traits>

#include <cstddef>

#include <policytune/detail/range_dispatch.cuh>

// Each release includes only its own form: the chained hub names what 3.5 deprecates.
#if CUB_VERSION >= 300500
#  include <cub/device/device_scan.cuh>

#  include <policytune/detail/tuning_env.cuh>
#  include <policytune/tuning/scan_exclusive_sum_by_key_selector.cuh>
#else
#  include <policytune/tuning/scan_exclusive_sum_by_key.cuh>
#endif

namespace policytune
{
namespace detail
{
// The types cub::DeviceScan::ExclusiveSumByKey dispatches with.
template <class KeysInputIteratorT, class ValuesInputIteratorT, class NumItemsT>
struct exclusive_sum_by_key_types
{
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using key_t    = ::cub::detail::it_value_t<KeysInputIteratorT>;
  using value_t  = ::cub::detail::it_value_t<ValuesInputIteratorT>;
  using init_t   = value_t;
  using op_t     = ::cuda::std::plus<>;
  using accum_t  = ::cuda::std::__accumulator_t<op_t, value_t, init_t>;
#if CUB_VERSION >= 300500
  template <int Range>
  using selector = tuning::scan_exclusive_sum_by_key_selector::policy_selector<key_t, accum_t, value_t, op_t, Range>;
#else
  template <int Range>
  using hub = tuning::scan_exclusive_sum_by_key::policy_hub<key_t, accum_t, value_t, op_t, Range>;
#endif
};
} // namespace detail

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
  using types_t  = detail::exclusive_sum_by_key_types<KeysInputIteratorT, ValuesInputIteratorT, NumItemsT>;
  using offset_t = typename types_t::offset_t;
  using init_t   = typename types_t::init_t;
  using op_t     = typename types_t::op_t;
  using accum_t  = typename types_t::accum_t;
#if CUB_VERSION >= 300500
  // Where a size dispatch was measured, the selector of the range num_items falls in.
  return detail::with_range_for_size<typename types_t::template selector<0>>(num_items, [&](auto range_constant) {
    using selector_t = typename types_t::template selector<decltype(range_constant)::value>;
    // CUB 3.5 has no public ExclusiveSumByKey taking caller-provided temporary storage and a tuning:
    // the function its two-phase ExclusiveSumByKey calls, given the selector.
    return ::cub::detail::scan_by_key::dispatch<accum_t>(
      d_temp_storage,
      temp_storage_bytes,
      d_keys_in,
      d_values_in,
      d_values_out,
      equality_op,
      op_t{},
      init_t{},
      static_cast<offset_t>(num_items),
      stream,
      selector_t{});
  });
#else
  // Where a size dispatch was measured, the hub of the range num_items falls in.
  return detail::with_range_for_size<typename types_t::template hub<0>>(num_items, [&](auto range_constant) {
    using hub_t      = typename types_t::template hub<decltype(range_constant)::value>;
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
#endif
}

#if CUB_VERSION >= 300500
/// Same contract as cub::DeviceScan::ExclusiveSumByKey's environment overload: CUB allocates the
/// temporary storage on `stream`.
template <class KeysInputIteratorT,
          class ValuesInputIteratorT,
          class ValuesOutputIteratorT,
          class EqualityOpT = ::cuda::std::equal_to<>,
          class NumItemsT,
          // As CUB's overload: the two-phase form's temporary storage is not a key iterator.
          ::cuda::std::enable_if_t<!::cuda::std::is_same_v<KeysInputIteratorT, void*>
                                     && !::cuda::std::is_null_pointer_v<KeysInputIteratorT>,
                                   int> = 0>
cudaError_t device_exclusive_sum_by_key(
  KeysInputIteratorT d_keys_in,
  ValuesInputIteratorT d_values_in,
  ValuesOutputIteratorT d_values_out,
  NumItemsT num_items,
  EqualityOpT equality_op = EqualityOpT(),
  cudaStream_t stream     = 0)
{
  using types_t = detail::exclusive_sum_by_key_types<KeysInputIteratorT, ValuesInputIteratorT, NumItemsT>;
  return detail::with_range_for_size<typename types_t::template selector<0>>(num_items, [&](auto range_constant) {
    using selector_t = typename types_t::template selector<decltype(range_constant)::value>;
    return ::cub::DeviceScan::ExclusiveSumByKey(
      d_keys_in, d_values_in, d_values_out, num_items, equality_op, detail::tuned_on<selector_t>(stream));
  });
}
#endif
} // namespace policytune
