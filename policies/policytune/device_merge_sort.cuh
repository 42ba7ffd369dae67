// SPDX-License-Identifier: Apache-2.0
// policytune::device_merge_sort_keys: cub::DeviceMergeSort::SortKeys with the policies PolicyTune
// measured, and CUB's own for everything not tuned. Up to CCCL 3.4 the policies are a chained hub
// (policytune/tuning/merge_sort_keys.cuh) given to cub::DispatchMergeSort; from CCCL 3.5, which
// deprecates the dispatch classes, a policy selector (policytune/tuning/merge_sort_keys_selector.cuh)
// passed through cuda::execution::tune to cub::DeviceMergeSort::SortKeys' environment overload, or,
// for the two-phase form, which CUB 3.5 offers without an environment only, to the selector-taking
// dispatch that overload calls.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/dispatch/dispatch_merge_sort.cuh>
#include <cub/util_type.cuh>

#include <cstddef>

#include <policytune/detail/range_dispatch.cuh>

// Each release includes only its own form: the chained hub names what 3.5 deprecates.
#include <cub/version.cuh>
#if CUB_VERSION >= 300500
#  include <cub/device/device_merge_sort.cuh>

#  include <policytune/detail/tuning_env.cuh>
#  include <policytune/tuning/merge_sort_keys_selector.cuh>
#else
#  include <policytune/tuning/merge_sort_keys.cuh>
#endif

namespace policytune
{
#if CUB_VERSION < 300500
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
#else
namespace detail
{
/// Runs `call(selector)` with the merge sort selector (a value) of the range `num_items` falls in.
/// CUB's selector reads only the keys' value type from its iterator, so this one takes the type.
template <class KeyIteratorT, class NumItemsT, class Call>
cudaError_t with_merge_sort_keys_selector(NumItemsT num_items, Call&& call)
{
  using key_t       = ::cub::detail::it_value_t<KeyIteratorT>;
  using selectors_t = tuning::merge_sort_keys_selector::policy_selector<key_t>;
  return with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
    return call(tuning::merge_sort_keys_selector::policy_selector<key_t, decltype(range_constant)::value>{});
  });
}
} // namespace detail

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
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  return detail::with_merge_sort_keys_selector<KeyIteratorT>(num_items, [&](auto selector) {
    // CUB 3.5's SortKeys takes no environment with caller-provided storage: the dispatch it calls.
    return ::cub::detail::merge_sort::dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_keys,
      static_cast<::cub::NullType*>(nullptr),
      d_keys,
      static_cast<::cub::NullType*>(nullptr),
      static_cast<offset_t>(num_items),
      compare_op,
      stream,
      selector);
  });
}

/// Same contract as cub::DeviceMergeSort::SortKeys' environment overload: CUB allocates the
/// temporary storage on `stream`.
template <class KeyIteratorT, class NumItemsT, class CompareOpT>
cudaError_t device_merge_sort_keys(KeyIteratorT d_keys, NumItemsT num_items, CompareOpT compare_op, cudaStream_t stream = 0)
{
  return detail::with_merge_sort_keys_selector<KeyIteratorT>(num_items, [&](auto selector) {
    return ::cub::DeviceMergeSort::SortKeys(d_keys, num_items, compare_op, detail::tuned_on<decltype(selector)>(stream));
  });
}
#endif
} // namespace policytune
