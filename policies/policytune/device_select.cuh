// SPDX-License-Identifier: Apache-2.0
// policytune::device_select_if and device_select_unique: cub::DeviceSelect::If and ::Unique with the
// policies PolicyTune measured, and CUB's own for every type or architecture not tuned.
// device_select_if takes first the winners tune_algorithm(ALGORITHM select_if) rendered for the
// call's item type and predicate (policytune/custom_hubs.cuh).
// Up to CCCL 3.4 the policies are chained hubs (policytune/tuning/select_if.cuh, select_unique.cuh)
// given to cub::DispatchSelectIf. From CCCL 3.5, which deprecates the dispatch classes, they are
// policy selectors (policytune/tuning/select_if_selector.cuh, select_unique_selector.cuh) passed
// through cuda::execution::tune to cub::DeviceSelect's environment overloads, which also give the
// forms without temporary storage.
#pragma once

#include <cub/device/dispatch/dispatch_select_if.cuh>
#include <cub/util_type.cuh>
#include <cub/version.cuh>

#include <cuda/std/cstdint>
#include <cuda/std/functional>

#include <cstddef>

#include <policytune/custom_hubs.cuh>
#include <policytune/detail/range_dispatch.cuh>

// Each release includes only its own form: the chained hubs name what 3.5 deprecates.
#if CUB_VERSION >= 300500
#  include <cub/device/device_select.cuh>

#  include <policytune/detail/custom_selectors.cuh>
#  include <policytune/detail/tuning_env.cuh>
#  include <policytune/tuning/select_if_selector.cuh>
#  include <policytune/tuning/select_unique_selector.cuh>
#else
#  include <policytune/tuning/select_if.cuh>
#  include <policytune/tuning/select_unique.cuh>
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

#if CUB_VERSION < 300500
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
#else
/// `Selector` (a select selector template with custom_hub's `selector` parameters: the items' type,
/// the iterators, offset and implementation CUB chooses its own selector with, the range) for a
/// call of DeviceSelect with these iterators, for range `Range`.
template <template <class, class, class, class, class, ::cub::SelectImpl, int> class Selector,
          class InputIteratorT,
          class OutputIteratorT,
          int Range,
          class Types = select_types<InputIteratorT, OutputIteratorT>>
using select_selector_for = Selector<typename Types::input_t,
                                     InputIteratorT,
                                     typename Types::flag_it_t,
                                     OutputIteratorT,
                                     typename Types::offset_t,
                                     Types::impl,
                                     Range>;

/// Runs `call(env)` with the environment of `stream` carrying, through cuda::execution::tune,
/// `Selector` for the range `num_items` falls in.
template <template <class, class, class, class, class, ::cub::SelectImpl, int> class Selector,
          class InputIteratorT,
          class OutputIteratorT,
          class Call>
cudaError_t with_select_selector(::cuda::std::int64_t num_items, cudaStream_t stream, Call&& call)
{
  using selectors_t = select_selector_for<Selector, InputIteratorT, OutputIteratorT, 0>;
  return with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
    using selector_t = select_selector_for<Selector, InputIteratorT, OutputIteratorT, decltype(range_constant)::value>;
    return call(tuned_on<selector_t>(stream));
  });
}

/// The shipped select's selectors, where no selector is registered for the item type and predicate.
struct select_if_selectors
{
  template <class InputT,
            class InputIteratorT,
            class FlagsIteratorT,
            class OutputIteratorT,
            class OffsetT,
            ::cub::SelectImpl Impl,
            int Range>
  using selector =
    tuning::select_if_selector::policy_selector<InputT, InputIteratorT, FlagsIteratorT, OutputIteratorT, OffsetT, Impl, Range>;
};

/// The selectors of a select if of `InputT` items by `SelectOpT`: the registration
/// tune_algorithm(ALGORITHM select_if) rendered for exactly them, else the shipped ones.
template <class InputT, class SelectOpT>
struct select_if_tuning
{
  static_assert(registration_has_selector<algorithms::select_if, InputT, SelectOpT>,
                "tune_algorithm(ALGORITHM select_if) registered a hub without a policy selector: re-render it with "
                "this PolicyTune, whose CCCL 3.5 API passes selectors only");
  using selectors = selectors_for<algorithms::select_if, InputT, SelectOpT, select_if_selectors>;
};
#endif
} // namespace detail

#if CUB_VERSION < 300500
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
  using input_t = typename detail::select_types<InputIteratorT, OutputIteratorT>::input_t;
  using hubs_t  = detail::hubs_for<algorithms::select_if, input_t, SelectOpT, detail::select_if_hubs>;
  return detail::dispatch_select<hubs_t::template hub>(
    d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, num_items, select_op, ::cub::NullType{}, stream);
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
#else
/// Same contract as cub::DeviceSelect::If: copies the items of `d_in` for which `select_op` is true to
/// `d_out`, in their order, and their number to `*d_num_selected_out`. The selector
/// tune_algorithm(ALGORITHM select_if) rendered for this item type and predicate serves the call
/// where one is included (policytune/custom_hubs.cuh); else PolicyTune's select selector, which is
/// CUB's own policy for whatever it did not measure.
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
  using input_t     = typename detail::select_types<InputIteratorT, OutputIteratorT>::input_t;
  using selectors_t = typename detail::select_if_tuning<input_t, SelectOpT>::selectors;
  return detail::with_select_selector<selectors_t::template selector, InputIteratorT, OutputIteratorT>(
    num_items, stream, [&](const auto& env) {
      return ::cub::DeviceSelect::If(
        d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, num_items, select_op, env);
    });
}

/// Same contract as cub::DeviceSelect::If's environment overload: CUB allocates the temporary
/// storage on `stream`. The same selectors serve it as the form above.
template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT, class SelectOpT>
cudaError_t device_select_if(
  InputIteratorT d_in,
  OutputIteratorT d_out,
  NumSelectedIteratorT d_num_selected_out,
  ::cuda::std::int64_t num_items,
  SelectOpT select_op,
  cudaStream_t stream = 0)
{
  using input_t     = typename detail::select_types<InputIteratorT, OutputIteratorT>::input_t;
  using selectors_t = typename detail::select_if_tuning<input_t, SelectOpT>::selectors;
  return detail::with_select_selector<selectors_t::template selector, InputIteratorT, OutputIteratorT>(
    num_items, stream, [&](const auto& env) {
      return ::cub::DeviceSelect::If(d_in, d_out, d_num_selected_out, num_items, select_op, env);
    });
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
  return detail::with_select_selector<tuning::select_unique_selector::policy_selector, InputIteratorT, OutputIteratorT>(
    num_items, stream, [&](const auto& env) {
      return ::cub::DeviceSelect::Unique(
        d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, num_items, env);
    });
}

/// Same contract as cub::DeviceSelect::Unique's environment overload: CUB allocates the temporary
/// storage on `stream`.
template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT>
cudaError_t device_select_unique(
  InputIteratorT d_in,
  OutputIteratorT d_out,
  NumSelectedIteratorT d_num_selected_out,
  ::cuda::std::int64_t num_items,
  cudaStream_t stream = 0)
{
  return detail::with_select_selector<tuning::select_unique_selector::policy_selector, InputIteratorT, OutputIteratorT>(
    num_items, stream, [&](const auto& env) {
      return ::cub::DeviceSelect::Unique(d_in, d_out, d_num_selected_out, num_items, env);
    });
}
#endif
} // namespace policytune
