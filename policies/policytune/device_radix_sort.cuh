// SPDX-License-Identifier: Apache-2.0
// policytune::device_radix_sort_keys: cub::DeviceRadixSort::SortKeys with the policies PolicyTune
// measured (policytune/tuning/radix_sort_keys.cuh), and CUB's own for everything not tuned.
// Its overload with a decomposer sorts a user's key type as cub::DeviceRadixSort::SortKeys(...,
// decomposer) does, with the hub tune_algorithm(ALGORITHM radix_sort) rendered for that key type
// and decomposer (policytune/custom_hubs.cuh), CUB's own call otherwise.
// policytune::device_radix_sort_pairs: cub::DeviceRadixSort::SortPairs likewise
// (policytune/tuning/radix_sort_pairs.cuh).
// Up to CCCL 3.4 the calls pass chained hubs to cub::DispatchRadixSort. From 3.5, which deprecates
// it, they pass the same winners as policy selectors (policytune/tuning/radix_sort_keys_selector.cuh,
// radix_sort_pairs_selector.cuh, a registration's): the overloads without temporary storage to CUB's
// public environment overloads through cuda::execution::tune, the two-phase ones to the function
// CUB's own two-phase call runs.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/dispatch/dispatch_radix_sort.cuh>
#include <cub/util_type.cuh>
#include <cub/version.cuh>

#include <cuda/std/type_traits>

#include <cstddef>

#include <policytune/custom_hubs.cuh>
#include <policytune/detail/range_dispatch.cuh>

// Each release includes only its own form: the chained hubs name what 3.5 deprecates.
#if CUB_VERSION >= 300500
#  include <policytune/detail/custom_selectors.cuh>
#  include <policytune/detail/tuning_env.cuh>
#  include <policytune/tuning/radix_sort_keys_selector.cuh>
#  include <policytune/tuning/radix_sort_pairs_selector.cuh>
#else
#  include <policytune/tuning/radix_sort_keys.cuh>
#  include <policytune/tuning/radix_sort_pairs.cuh>
#endif

namespace policytune
{
namespace detail
{
#if CUB_VERSION >= 300500
/// The ascending sort of `d_keys` (and `d_values`) with the selector `Selector<Range>` of the range
/// `num_items` falls in, as CUB's two-phase SortKeys and SortPairs sort: the inputs are never
/// written (a non-overwritable pair of buffers each).
template <template <int> class Selector, class KeyT, class ValueT, class OffsetT, class DecomposerT>
cudaError_t radix_sort_with_selector(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  ::cub::DoubleBuffer<KeyT>& d_keys,
  ::cub::DoubleBuffer<ValueT>& d_values,
  OffsetT num_items,
  int begin_bit,
  int end_bit,
  DecomposerT decomposer,
  cudaStream_t stream)
{
  return with_range_for_size<Selector<0>>(num_items, [&](auto range_constant) {
    using selector_t = Selector<decltype(range_constant)::value>;
    // CUB 3.5 has no public sort taking caller-provided temporary storage and a tuning: the function
    // its two-phase SortKeys and SortPairs call, given the selector.
    return ::cub::detail::radix_sort::dispatch<::cub::SortOrder::Ascending>(
      d_temp_storage,
      temp_storage_bytes,
      d_keys,
      d_values,
      num_items,
      begin_bit,
      end_bit,
      /* can_overwrite_source_buffer */ false,
      stream,
      decomposer,
      selector_t{});
  });
}

/// The shipped keys-only sort's selectors.
template <class KeyT, class OffsetT>
struct radix_sort_keys_selectors
{
  template <int Range>
  using selector = tuning::radix_sort_keys_selector::policy_selector<KeyT, ::cub::NullType, OffsetT, Range>;
};

/// The shipped key-value sort's selectors.
template <class KeyT, class ValueT, class OffsetT>
struct radix_sort_pairs_selectors
{
  template <int Range>
  using selector = tuning::radix_sort_pairs_selector::policy_selector<KeyT, ValueT, OffsetT, Range>;
};

/// The selector tune_algorithm(ALGORITHM radix_sort) registered for KeyT and DecomposerT, for a
/// keys-only sort.
template <class KeyT, class DecomposerT, class OffsetT>
struct radix_sort_custom_selectors
{
  template <int Range>
  using selector =
    typename custom_hub<algorithms::radix_sort, KeyT, DecomposerT>::template selector<KeyT, ::cub::NullType, OffsetT, Range>;
};
#endif
} // namespace detail

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
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  // As CUB: the input is never written, so the key buffers are used as a non-overwritable pair.
  ::cub::DoubleBuffer<KeyT> d_keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
  ::cub::DoubleBuffer<::cub::NullType> d_values;
#if CUB_VERSION >= 300500
  return detail::radix_sort_with_selector<detail::radix_sort_keys_selectors<KeyT, offset_t>::template selector>(
    d_temp_storage,
    temp_storage_bytes,
    d_keys,
    d_values,
    static_cast<offset_t>(num_items),
    begin_bit,
    end_bit,
    ::cub::detail::identity_decomposer_t{},
    stream);
#else
  using hubs_t                     = tuning::radix_sort_keys::policy_hub<KeyT, ::cub::NullType, offset_t>;
  constexpr bool is_overwrite_okay = false;
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
#endif
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
#if CUB_VERSION >= 300500
  static_assert(detail::registration_has_selector<algorithms::radix_sort, KeyT, DecomposerT>,
                "tune_algorithm(ALGORITHM radix_sort) registered a hub without a policy selector: re-render it with "
                "this PolicyTune, whose CCCL 3.5 API passes selectors only");
  if constexpr (detail::has_custom_selector<algorithms::radix_sort, KeyT, DecomposerT>)
#else
  if constexpr (detail::has_custom_hub<algorithms::radix_sort, KeyT, DecomposerT>)
#endif
  {
    // The types and bits cub::DeviceRadixSort::SortKeys(..., decomposer) dispatches with.
    using offset_t                   = ::cub::detail::choose_offset_t<NumItemsT>;
    constexpr int begin_bit          = 0;
    const int end_bit                = ::cub::detail::radix::traits_t<KeyT>::default_end_bit(decomposer);
    ::cub::DoubleBuffer<KeyT> d_keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    ::cub::DoubleBuffer<::cub::NullType> d_values;
#if CUB_VERSION >= 300500
    return detail::radix_sort_with_selector<
      detail::radix_sort_custom_selectors<KeyT, DecomposerT, offset_t>::template selector>(
      d_temp_storage,
      temp_storage_bytes,
      d_keys,
      d_values,
      static_cast<offset_t>(num_items),
      begin_bit,
      end_bit,
      decomposer,
      stream);
#else
    using custom_t                   = custom_hub<algorithms::radix_sort, KeyT, DecomposerT>;
    using hubs_t                     = typename custom_t::template hub<KeyT, ::cub::NullType, offset_t, 0>;
    constexpr bool is_overwrite_okay = false;
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
#endif
  }
  else
  {
    return ::cub::DeviceRadixSort::SortKeys(
      d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items, decomposer, stream);
  }
}

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
  // As CUB: the inputs are never written, so the buffers are used as non-overwritable pairs.
  ::cub::DoubleBuffer<KeyT> d_keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
  ::cub::DoubleBuffer<ValueT> d_values(const_cast<ValueT*>(d_values_in), d_values_out);
#if CUB_VERSION >= 300500
  return detail::radix_sort_with_selector<detail::radix_sort_pairs_selectors<KeyT, ValueT, offset_t>::template selector>(
    d_temp_storage,
    temp_storage_bytes,
    d_keys,
    d_values,
    static_cast<offset_t>(num_items),
    begin_bit,
    end_bit,
    ::cub::detail::identity_decomposer_t{},
    stream);
#else
  using hubs_t                     = tuning::radix_sort_pairs::policy_hub<KeyT, ValueT, offset_t>;
  constexpr bool is_overwrite_okay = false;
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
#endif
}

#if CUB_VERSION >= 300500
/// Same contract as cub::DeviceRadixSort::SortKeys's environment overload: CUB allocates the
/// temporary storage on `stream`.
template <class KeyT, class NumItemsT>
cudaError_t device_radix_sort_keys(
  const KeyT* d_keys_in,
  KeyT* d_keys_out,
  NumItemsT num_items,
  int begin_bit       = 0,
  int end_bit         = sizeof(KeyT) * 8,
  cudaStream_t stream = 0)
{
  using offset_t    = ::cub::detail::choose_offset_t<NumItemsT>;
  using selectors_t = detail::radix_sort_keys_selectors<KeyT, offset_t>;
  return detail::with_range_for_size<typename selectors_t::template selector<0>>(num_items, [&](auto range_constant) {
    using selector_t = typename selectors_t::template selector<decltype(range_constant)::value>;
    return ::cub::DeviceRadixSort::SortKeys(
      d_keys_in, d_keys_out, num_items, begin_bit, end_bit, detail::tuned_on<selector_t>(stream));
  });
}

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
  static_assert(detail::registration_has_selector<algorithms::radix_sort, KeyT, DecomposerT>,
                "tune_algorithm(ALGORITHM radix_sort) registered a hub without a policy selector: re-render it with "
                "this PolicyTune, whose CCCL 3.5 API passes selectors only");
  if constexpr (detail::has_custom_selector<algorithms::radix_sort, KeyT, DecomposerT>)
  {
    using offset_t    = ::cub::detail::choose_offset_t<NumItemsT>;
    using selectors_t = detail::radix_sort_custom_selectors<KeyT, DecomposerT, offset_t>;
    return detail::with_range_for_size<typename selectors_t::template selector<0>>(num_items, [&](auto range_constant) {
      using selector_t = typename selectors_t::template selector<decltype(range_constant)::value>;
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

/// Same contract as cub::DeviceRadixSort::SortPairs's environment overload: CUB allocates the
/// temporary storage on `stream`.
template <class KeyT, class ValueT, class NumItemsT>
cudaError_t device_radix_sort_pairs(
  const KeyT* d_keys_in,
  KeyT* d_keys_out,
  const ValueT* d_values_in,
  ValueT* d_values_out,
  NumItemsT num_items,
  int begin_bit       = 0,
  int end_bit         = sizeof(KeyT) * 8,
  cudaStream_t stream = 0)
{
  using offset_t    = ::cub::detail::choose_offset_t<NumItemsT>;
  using selectors_t = detail::radix_sort_pairs_selectors<KeyT, ValueT, offset_t>;
  return detail::with_range_for_size<typename selectors_t::template selector<0>>(num_items, [&](auto range_constant) {
    using selector_t = typename selectors_t::template selector<decltype(range_constant)::value>;
    return ::cub::DeviceRadixSort::SortPairs(
      d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, begin_bit, end_bit, detail::tuned_on<selector_t>(stream));
  });
}
#endif
} // namespace policytune
