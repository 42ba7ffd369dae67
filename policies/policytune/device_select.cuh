// SPDX-License-Identifier: Apache-2.0
// policytune::device_select_if and device_select_unique: cub::DeviceSelect::If and ::Unique with the
// policies PolicyTune measured (policytune/tuning/select_if.cuh, select_unique.cuh), and CUB's own
// for every type or architecture not tuned. device_select_if takes first the hub
// tune_algorithm(ALGORITHM select_if) rendered for the call's item type and predicate
// (policytune/custom_hubs.cuh); from CCCL 3.5, that call's policy selector through
// cuda::execution::tune and CUB's public API.
#pragma once

#include <cub/device/dispatch/dispatch_select_if.cuh>
#include <cub/util_type.cuh>

#include <cuda/std/cstdint>
#include <cuda/std/functional>

#include <cstddef>

#include <policytune/custom_hubs.cuh>
#include <policytune/detail/range_dispatch.cuh>
#include <policytune/tuning/select_if.cuh>
#include <policytune/tuning/select_unique.cuh>

#if CUB_VERSION >= 300500
#  include <cub/device/device_select.cuh>

#  include <policytune/detail/tuning_env.cuh>
#endif

namespace policytune
{
namespace detail
{
// The types cub::DeviceSelect::If and ::Unique dispatch with (not in place), so that an untuned case
// is CUB's exactly: 64-bit offsets, processed in partitions of 32-bit ones.
template <class InputIteratorT, class OutputIteratorT>
struct select_types
{
  using offset_t   = ::cuda::std::int64_t;
  using input_t    = ::cub::detail::it_value_t<InputIteratorT>;
  using flag_it_t  = ::cub::NullType*;
  using hub_offset = ::cub::detail::select::per_partition_offset_t;
  static constexpr bool distinct_partitions =
    ::cub::detail::select::is_partition_distinct_output_t<OutputIteratorT>::value;
  static constexpr auto impl = ::cub::SelectImpl::Select;
};

/// Runs DispatchSelectIf with `Hub<..., Range>` for the range of `num_items`; `Hub` is a select hub
/// template of CUB's parameters.
template <template <class, class, class, bool, ::cub::SelectImpl, int> class Hub,
          class InputIteratorT,
          class OutputIteratorT,
          class NumSelectedIteratorT,
          class SelectOpT,
          class EqualityOpT>
cudaError_t dispatch_select(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  NumSelectedIteratorT d_num_selected_out,
  ::cuda::std::int64_t num_items,
  SelectOpT select_op,
  EqualityOpT equality_op,
  cudaStream_t stream)
{
  using types_t = select_types<InputIteratorT, OutputIteratorT>;
  using hubs_t  = Hub<typename types_t::input_t,
                      ::cub::NullType,
                      typename types_t::hub_offset,
                      types_t::distinct_partitions,
                      types_t::impl,
                      0>;
  return with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t      = Hub<typename types_t::input_t,
                           ::cub::NullType,
                           typename types_t::hub_offset,
                           types_t::distinct_partitions,
                           types_t::impl,
                           decltype(range_constant)::value>;
    using dispatch_t = ::cub::DispatchSelectIf<InputIteratorT,
                                               typename types_t::flag_it_t,
                                               OutputIteratorT,
                                               NumSelectedIteratorT,
                                               SelectOpT,
                                               EqualityOpT,
                                               typename types_t::offset_t,
                                               types_t::impl,
                                               hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_in,
      nullptr,
      d_out,
      d_num_selected_out,
      select_op,
      equality_op,
      static_cast<typename types_t::offset_t>(num_items),
      stream);
  });
}

/// The shipped select's hubs, where no hub is registered for the item type and predicate.
struct select_if_hubs
{
  template <class InputT, class FlagT, class OffsetT, bool DistinctPartitions, ::cub::SelectImpl Impl, int Range>
  using hub = tuning::select_if::policy_hub<InputT, FlagT, OffsetT, DistinctPartitions, Impl, Range>;
};
} // namespace detail

/// Same contract as cub::DeviceSelect::If: copies the items of `d_in` for which `select_op` is true to
/// `d_out`, in their order, and their number to `*d_num_selected_out`. A hub
/// tune_algorithm(ALGORITHM select_if) rendered for this item type and predicate serves the call
/// where one is included (policytune/custom_hubs.cuh); else PolicyTune's select hub, which is CUB's
/// own policy for whatever it did not measure.
template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT, class SelectOpT>
cudaError_t device_select_if(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  NumSelectedIteratorT d_num_selected_out,
  ::cuda::std::int64_t num_items,
  SelectOpT select_op,
  cudaStream_t stream = 0)
{
  using types_t = detail::select_types<InputIteratorT, OutputIteratorT>;
  using input_t = typename types_t::input_t;
#if CUB_VERSION >= 300500
  // CCCL 3.5 deprecates DispatchSelectIf: the registered selector goes through the public API.
  if constexpr (detail::has_custom_selector<algorithms::select_if, input_t, SelectOpT>)
  {
    using custom_t = custom_hub<algorithms::select_if, input_t, SelectOpT>;
    using selectors_t =
      typename custom_t::template selector<input_t, InputIteratorT, typename types_t::flag_it_t, OutputIteratorT,
                                           typename types_t::offset_t, types_t::impl, 0>;
    return detail::with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
      using selector_t =
        typename custom_t::template selector<input_t, InputIteratorT, typename types_t::flag_it_t, OutputIteratorT,
                                             typename types_t::offset_t, types_t::impl, decltype(range_constant)::value>;
      return ::cub::DeviceSelect::If(d_temp_storage,
                                     temp_storage_bytes,
                                     d_in,
                                     d_out,
                                     d_num_selected_out,
                                     num_items,
                                     select_op,
                                     detail::tuned_on<selector_t>(stream));
    });
  }
  else
#endif
  {
    using hubs_t = detail::hubs_for<algorithms::select_if, input_t, SelectOpT, detail::select_if_hubs>;
    return detail::dispatch_select<hubs_t::template hub>(
      d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, num_items, select_op, ::cub::NullType{}, stream);
  }
}

/// Same contract as cub::DeviceSelect::Unique: copies the first item of every run of equal items
/// (operator==) of `d_in` to `d_out`, and their number to `*d_num_selected_out`.
template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT>
cudaError_t device_select_unique(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  NumSelectedIteratorT d_num_selected_out,
  ::cuda::std::int64_t num_items,
  cudaStream_t stream = 0)
{
  return detail::dispatch_select<tuning::select_unique::policy_hub>(
    d_temp_storage,
    temp_storage_bytes,
    d_in,
    d_out,
    d_num_selected_out,
    num_items,
    ::cub::NullType{},
    ::cuda::std::equal_to<>{},
    stream);
}
} // namespace policytune
