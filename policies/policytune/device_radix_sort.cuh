// SPDX-License-Identifier: Apache-2.0
// policytune::device_radix_sort_keys: cub::DeviceRadixSort::SortKeys with the policies PolicyTune
// measured (policytune/tuning/radix_sort_keys.cuh), and CUB's own for everything not tuned.
// Its overload with a decomposer sorts a user's key type as cub::DeviceRadixSort::SortKeys(...,
// decomposer) does, with the hub tune_algorithm(ALGORITHM radix_sort) rendered for that key type
// and decomposer (policytune/custom_hubs.cuh), CUB's own call otherwise; from CCCL 3.5 an
// environment overload passes that call's policy selector through cuda::execution::tune.
// policytune::device_radix_sort_pairs: cub::DeviceRadixSort::SortPairs likewise
// (policytune/tuning/radix_sort_pairs.cuh).
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/dispatch/dispatch_radix_sort.cuh>
#include <cub/util_type.cuh>

#include <cuda/std/type_traits>

#include <cstddef>

#include <policytune/custom_hubs.cuh>
#include <policytune/detail/range_dispatch.cuh>
#include <policytune/tuning/radix_sort_keys.cuh>
#include <policytune/tuning/radix_sort_pairs.cuh>

#if CUB_VERSION >= 300500
#  include <policytune/detail/tuning_env.cuh>
#endif

namespace policytune
{
/// Same contract as cub::DeviceRadixSort::SortKeys: sorts `num_items` keys of `d_keys_in` into
/// `d_keys_out` in ascending order, comparing bits [begin_bit, end_bit); `d_keys_in` is not written.
template <class KeyT, class NumItemsT>
cudaError_t device_radix_sort_keys(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  const KeyT* d_keys_in,
  KeyT* d_keys_out,
  NumItemsT num_items,
  int begin_bit       = 0,
  int end_bit         = sizeof(KeyT) * 8,
  cudaStream_t stream = 0)
{
  // The types cub::DeviceRadixSort::SortKeys dispatches with.
  using offset_t   = ::cub::detail::choose_offset_t<NumItemsT>;
  using hubs_t     = tuning::radix_sort_keys::policy_hub<KeyT, ::cub::NullType, offset_t>;
  // As CUB: the input is never written, so the key buffers are used as a non-overwritable pair.
  constexpr bool is_overwrite_okay = false;
  ::cub::DoubleBuffer<KeyT> d_keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
  ::cub::DoubleBuffer<::cub::NullType> d_values;
  // Where a size dispatch was measured, the hub of the range num_items falls in.
  return detail::with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t = tuning::radix_sort_keys::policy_hub<KeyT, ::cub::NullType, offset_t, decltype(range_constant)::value>;
    using dispatch_t = ::cub::DispatchRadixSort<::cub::SortOrder::Ascending,
                                                KeyT,
                                                ::cub::NullType,
                                                offset_t,
                                                ::cub::detail::identity_decomposer_t,
                                                hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_keys,
      d_values,
      static_cast<offset_t>(num_items),
      begin_bit,
      end_bit,
      is_overwrite_okay,
      stream);
  });
}

/// Same contract as cub::DeviceRadixSort::SortKeys with a decomposer: sorts `num_items` keys of a
/// type of the user's, `d_keys_in` to `d_keys_out` in ascending order of the members `decomposer`
/// gives (a cuda::std::tuple of references to arithmetic members, most significant first), all of
/// their bits; `d_keys_in` is not written. A hub tune_algorithm(ALGORITHM radix_sort) rendered for
/// this key type and decomposer serves the call where one is included (policytune/custom_hubs.cuh);
/// anything else is CUB's own call.
template <class KeyT,
          class NumItemsT,
          class DecomposerT,
          // As CUB's overloads: a begin bit is not a decomposer.
          ::cuda::std::enable_if_t<!::cuda::std::is_convertible_v<DecomposerT, int>, int> = 0>
cudaError_t device_radix_sort_keys(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  const KeyT* d_keys_in,
  KeyT* d_keys_out,
  NumItemsT num_items,
  DecomposerT decomposer,
  cudaStream_t stream = 0)
{
  if constexpr (detail::has_custom_hub<algorithms::radix_sort, KeyT, DecomposerT>)
  {
    // The types and bits cub::DeviceRadixSort::SortKeys(..., decomposer) dispatches with.
    using offset_t                   = ::cub::detail::choose_offset_t<NumItemsT>;
    using custom_t                   = custom_hub<algorithms::radix_sort, KeyT, DecomposerT>;
    using hubs_t                     = typename custom_t::template hub<KeyT, ::cub::NullType, offset_t, 0>;
    constexpr int begin_bit          = 0;
    const int end_bit                = ::cub::detail::radix::traits_t<KeyT>::default_end_bit(decomposer);
    constexpr bool is_overwrite_okay = false;
    ::cub::DoubleBuffer<KeyT> d_keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    ::cub::DoubleBuffer<::cub::NullType> d_values;
    return detail::with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
      using hub_t = typename custom_t::template hub<KeyT, ::cub::NullType, offset_t, decltype(range_constant)::value>;
      using dispatch_t =
        ::cub::DispatchRadixSort<::cub::SortOrder::Ascending, KeyT, ::cub::NullType, offset_t, DecomposerT, hub_t>;
      return dispatch_t::Dispatch(
        d_temp_storage,
        temp_storage_bytes,
        d_keys,
        d_values,
        static_cast<offset_t>(num_items),
        begin_bit,
        end_bit,
        is_overwrite_okay,
        stream,
        decomposer);
    });
  }
  else
  {
    return ::cub::DeviceRadixSort::SortKeys(
      d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items, decomposer, stream);
  }
}

#if CUB_VERSION >= 300500
/// Same contract as cub::DeviceRadixSort::SortKeys(d_keys_in, d_keys_out, num_items, decomposer,
/// env): CUB allocates the temporary storage on `stream`. The selector tune_algorithm(ALGORITHM
/// radix_sort) rendered and registered for this key type and decomposer reaches CUB through its
/// public tuning API; anything else is CUB's own call.
template <class KeyT,
          class NumItemsT,
          class DecomposerT,
          ::cuda::std::enable_if_t<!::cuda::std::is_convertible_v<DecomposerT, int>, int> = 0>
cudaError_t device_radix_sort_keys(
  const KeyT* d_keys_in, KeyT* d_keys_out, NumItemsT num_items, DecomposerT decomposer, cudaStream_t stream = 0)
{
  if constexpr (detail::has_custom_selector<algorithms::radix_sort, KeyT, DecomposerT>)
  {
    using offset_t    = ::cub::detail::choose_offset_t<NumItemsT>;
    using custom_t    = custom_hub<algorithms::radix_sort, KeyT, DecomposerT>;
    using selectors_t = typename custom_t::template selector<KeyT, ::cub::NullType, offset_t, 0>;
    return detail::with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
      using selector_t =
        typename custom_t::template selector<KeyT, ::cub::NullType, offset_t, decltype(range_constant)::value>;
      return ::cub::DeviceRadixSort::SortKeys(
        d_keys_in, d_keys_out, num_items, decomposer, detail::tuned_on<selector_t>(stream));
    });
  }
  else
  {
    return ::cub::DeviceRadixSort::SortKeys(
      d_keys_in, d_keys_out, num_items, decomposer, detail::untuned_on(stream));
  }
}
#endif

/// Same contract as cub::DeviceRadixSort::SortPairs: sorts `num_items` key-value pairs of
/// `d_keys_in`/`d_values_in` into `d_keys_out`/`d_values_out` by key in ascending order, comparing
/// bits [begin_bit, end_bit), stably; the inputs are not written.
template <class KeyT, class ValueT, class NumItemsT>
cudaError_t device_radix_sort_pairs(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  const KeyT* d_keys_in,
  KeyT* d_keys_out,
  const ValueT* d_values_in,
  ValueT* d_values_out,
  NumItemsT num_items,
  int begin_bit       = 0,
  int end_bit         = sizeof(KeyT) * 8,
  cudaStream_t stream = 0)
{
  // The types cub::DeviceRadixSort::SortPairs dispatches with.
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using hubs_t   = tuning::radix_sort_pairs::policy_hub<KeyT, ValueT, offset_t>;
  // As CUB: the inputs are never written, so the buffers are used as non-overwritable pairs.
  constexpr bool is_overwrite_okay = false;
  ::cub::DoubleBuffer<KeyT> d_keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
  ::cub::DoubleBuffer<ValueT> d_values(const_cast<ValueT*>(d_values_in), d_values_out);
  return detail::with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t = tuning::radix_sort_pairs::policy_hub<KeyT, ValueT, offset_t, decltype(range_constant)::value>;
    using dispatch_t = ::cub::DispatchRadixSort<::cub::SortOrder::Ascending,
                                                KeyT,
                                                ValueT,
                                                offset_t,
                                                ::cub::detail::identity_decomposer_t,
                                                hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_keys,
      d_values,
      static_cast<offset_t>(num_items),
      begin_bit,
      end_bit,
      is_overwrite_okay,
      stream);
  });
}
} // namespace policytune
