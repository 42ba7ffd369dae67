// SPDX-License-Identifier: Apache-2.0
// policytune::device_partition_three_way: cub::DevicePartition::If with two predicates (a three-way
// partition) with the policies PolicyTune measured (policytune/tuning/partition_three_way.cuh), and
// CUB's own for every type or architecture not tuned.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/dispatch/dispatch_three_way_partition.cuh>
#include <cub/util_type.cuh>

#include <cstddef>

#include <policytune/detail/range_dispatch.cuh>
#include <policytune/tuning/partition_three_way.cuh>

namespace policytune
{
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
} // namespace policytune
