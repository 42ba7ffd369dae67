// SPDX-License-Identifier: Apache-2.0
// policytune::device_partition_three_way: cub::DevicePartition::If with two predicates (a three-way
// partition) with the policies PolicyTune measured, and CUB's own for every type or architecture
// not tuned. Up to CCCL 3.4 the policies are a chained hub (policytune/tuning/partition_three_way.cuh)
// given to cub::DispatchThreeWayPartitionIf; from CCCL 3.5, which deprecates the dispatch classes,
// a policy selector (policytune/tuning/partition_three_way_selector.cuh) passed through
// cuda::execution::tune to cub::DevicePartition::If's environment overloads, which also give the
// form without temporary storage.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/dispatch/dispatch_three_way_partition.cuh>
#include <cub/util_type.cuh>
#include <cub/version.cuh>

#include <cstddef>

#include <policytune/detail/range_dispatch.cuh>

// Each release includes only its own form: the chained hub names what 3.5 deprecates.
#if CUB_VERSION >= 300500
#  include <cub/device/device_partition.cuh>

#  include <policytune/detail/tuning_env.cuh>
#  include <policytune/tuning/partition_three_way_selector.cuh>
#else
#  include <policytune/tuning/partition_three_way.cuh>
#endif

namespace policytune
{
#if CUB_VERSION < 300500
/// Same contract as cub::DevicePartition::If with two predicates: the items of `d_in` for which
/// `select_first_part_op` is true go to `d_first_part_out`, of the others those for which
/// `select_second_part_op` is true to `d_second_part_out`, the rest to `d_unselected_out`, each in
/// input order; `d_num_selected_out[0]` and `[1]` receive the first two counts.
template <class InputIteratorT,
          class FirstOutputIteratorT,
          class SecondOutputIteratorT,
          class UnselectedOutputIteratorT,
          class NumSelectedIteratorT,
          class SelectFirstPartOp,
          class SelectSecondPartOp,
          class NumItemsT>
cudaError_t device_partition_three_way(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  FirstOutputIteratorT d_first_part_out,
  SecondOutputIteratorT d_second_part_out,
  UnselectedOutputIteratorT d_unselected_out,
  NumSelectedIteratorT d_num_selected_out,
  NumItemsT num_items,
  SelectFirstPartOp select_first_part_op,
  SelectSecondPartOp select_second_part_op,
  cudaStream_t stream = 0)
{
  // The types cub::DevicePartition::If dispatches with: signed offsets, and CUB's hub keyed on the
  // input and the 32-bit offsets of the partitions it streams through.
  using choose_offset_t = ::cub::detail::choose_signed_offset<NumItemsT>;
  using offset_t        = typename choose_offset_t::type;
  using input_t         = ::cub::detail::it_value_t<InputIteratorT>;
  using hub_offset_t    = ::cub::detail::three_way_partition::per_partition_offset_t;
  using hubs_t          = tuning::partition_three_way::policy_hub<input_t, hub_offset_t>;
  // As CUB: a count its offsets cannot hold is an error, not a wrap-around.
  if (const cudaError_t error = choose_offset_t::is_exceeding_offset_type(num_items); error != cudaSuccess)
  {
    return error;
  }
  return detail::with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t = tuning::partition_three_way::policy_hub<input_t, hub_offset_t, decltype(range_constant)::value>;
    using dispatch_t = ::cub::DispatchThreeWayPartitionIf<InputIteratorT,
                                                          FirstOutputIteratorT,
                                                          SecondOutputIteratorT,
                                                          UnselectedOutputIteratorT,
                                                          NumSelectedIteratorT,
                                                          SelectFirstPartOp,
                                                          SelectSecondPartOp,
                                                          offset_t,
                                                          hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_in,
      d_first_part_out,
      d_second_part_out,
      d_unselected_out,
      d_num_selected_out,
      select_first_part_op,
      select_second_part_op,
      static_cast<offset_t>(num_items),
      stream);
  });
}
#else
namespace detail
{
/// Runs `call(env)` with the environment of `stream` carrying, through cuda::execution::tune, the
/// three-way partition selector of the range `num_items` falls in, for the types
/// cub::DevicePartition::If chooses CUB's own selector with: the items' type and the 32-bit offsets
/// of the partitions it streams through.
template <class InputIteratorT, class NumItemsT, class Call>
cudaError_t with_partition_three_way_selector(NumItemsT num_items, cudaStream_t stream, Call&& call)
{
  using input_t     = ::cub::detail::it_value_t<InputIteratorT>;
  using offset_t    = ::cub::detail::three_way_partition::per_partition_offset_t;
  using selectors_t = tuning::partition_three_way_selector::policy_selector<input_t, offset_t>;
  return with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
    using selector_t =
      tuning::partition_three_way_selector::policy_selector<input_t, offset_t, decltype(range_constant)::value>;
    return call(tuned_on<selector_t>(stream));
  });
}
} // namespace detail

/// Same contract as cub::DevicePartition::If with two predicates: the items of `d_in` for which
/// `select_first_part_op` is true go to `d_first_part_out`, of the others those for which
/// `select_second_part_op` is true to `d_second_part_out`, the rest to `d_unselected_out`, each in
/// input order; `d_num_selected_out[0]` and `[1]` receive the first two counts.
template <class InputIteratorT,
          class FirstOutputIteratorT,
          class SecondOutputIteratorT,
          class UnselectedOutputIteratorT,
          class NumSelectedIteratorT,
          class SelectFirstPartOp,
          class SelectSecondPartOp,
          class NumItemsT>
cudaError_t device_partition_three_way(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  FirstOutputIteratorT d_first_part_out,
  SecondOutputIteratorT d_second_part_out,
  UnselectedOutputIteratorT d_unselected_out,
  NumSelectedIteratorT d_num_selected_out,
  NumItemsT num_items,
  SelectFirstPartOp select_first_part_op,
  SelectSecondPartOp select_second_part_op,
  cudaStream_t stream = 0)
{
  return detail::with_partition_three_way_selector<InputIteratorT>(num_items, stream, [&](const auto& env) {
    return ::cub::DevicePartition::If(
      d_temp_storage,
      temp_storage_bytes,
      d_in,
      d_first_part_out,
      d_second_part_out,
      d_unselected_out,
      d_num_selected_out,
      num_items,
      select_first_part_op,
      select_second_part_op,
      env);
  });
}

/// Same contract as cub::DevicePartition::If's environment overload with two predicates: CUB
/// allocates the temporary storage on `stream`.
template <class InputIteratorT,
          class FirstOutputIteratorT,
          class SecondOutputIteratorT,
          class UnselectedOutputIteratorT,
          class NumSelectedIteratorT,
          class SelectFirstPartOp,
          class SelectSecondPartOp,
          class NumItemsT>
cudaError_t device_partition_three_way(
  InputIteratorT d_in,
  FirstOutputIteratorT d_first_part_out,
  SecondOutputIteratorT d_second_part_out,
  UnselectedOutputIteratorT d_unselected_out,
  NumSelectedIteratorT d_num_selected_out,
  NumItemsT num_items,
  SelectFirstPartOp select_first_part_op,
  SelectSecondPartOp select_second_part_op,
  cudaStream_t stream = 0)
{
  return detail::with_partition_three_way_selector<InputIteratorT>(num_items, stream, [&](const auto& env) {
    return ::cub::DevicePartition::If(
      d_in,
      d_first_part_out,
      d_second_part_out,
      d_unselected_out,
      d_num_selected_out,
      num_items,
      select_first_part_op,
      select_second_part_op,
      env);
  });
}
#endif
} // namespace policytune
