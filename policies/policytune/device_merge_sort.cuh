// SPDX-License-Identifier: Apache-2.0
// policytune::device_merge_sort_keys: cub::DeviceMergeSort::SortKeys with the policies PolicyTune
// measured (policytune/tuning/merge_sort_keys.cuh), and CUB's own for everything not tuned.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/dispatch/dispatch_merge_sort.cuh>
#include <cub/util_type.cuh>

#include <cstddef>

#include <policytune/detail/range_dispatch.cuh>
#include <policytune/tuning/merge_sort_keys.cuh>

namespace policytune
{
/// Same contract as cub::DeviceMergeSort::SortKeys: sorts the `num_items` keys of `d_keys` in place,
/// ordered by `compare_op` (a strict weak order); equal keys keep no particular order.
template <class KeyIteratorT, class NumItemsT, class CompareOpT>
cudaError_t device_merge_sort_keys(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  KeyIteratorT d_keys,
  NumItemsT num_items,
  CompareOpT compare_op,
  cudaStream_t stream = 0)
{
  // The types cub::DeviceMergeSort::SortKeys dispatches with. CUB's hub reads only the keys' value
  // type from the iterator it is given, so this hub takes the value type.
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using key_t    = ::cub::detail::it_value_t<KeyIteratorT>;
  using hubs_t   = tuning::merge_sort_keys::policy_hub<key_t>;
  return detail::with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t      = tuning::merge_sort_keys::policy_hub<key_t, decltype(range_constant)::value>;
    using dispatch_t = ::cub::
      DispatchMergeSort<KeyIteratorT, ::cub::NullType*, KeyIteratorT, ::cub::NullType*, offset_t, CompareOpT, hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_keys,
      static_cast<::cub::NullType*>(nullptr),
      d_keys,
      static_cast<::cub::NullType*>(nullptr),
      static_cast<offset_t>(num_items),
      compare_op,
      stream);
  });
}
} // namespace policytune
