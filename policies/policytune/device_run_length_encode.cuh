// SPDX-License-Identifier: Apache-2.0
// policytune::device_run_length_encode and policytune::device_non_trivial_runs:
// cub::DeviceRunLengthEncode::Encode and ::NonTrivialRuns with the policies PolicyTune measured
// (policytune/tuning/run_length_encode.cuh, non_trivial_runs.cuh), and CUB's own for everything not
// tuned.
#pragma once

#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/dispatch/dispatch_reduce_by_key.cuh>
#include <cub/device/dispatch/dispatch_rle.cuh>

#include <cuda/std/functional>

#include <cstddef>

#include <policytune/detail/cccl_compat.cuh>
#include <policytune/detail/range_dispatch.cuh>
#include <policytune/tuning/non_trivial_runs.cuh>
#include <policytune/tuning/run_length_encode.cuh>

namespace policytune
{
/// Same contract as cub::DeviceRunLengthEncode::Encode: the first key of every run of equal keys of
/// `d_in` goes to `d_unique_out`, the run's length to `d_counts_out`, and the number of runs to
/// `*d_num_runs_out`.
///
/// CUB's policy hub for Encode is a reduce-by-key hub; this dispatches it through
/// cub::DispatchReduceByKey, the dispatch that takes a hub on every CCCL release (CUB's own Encode
/// streams through another dispatch from 3.1, with the same hub's policies).
template <class InputIteratorT,
          class UniqueOutputIteratorT,
          class LengthsOutputIteratorT,
          class NumRunsOutputIteratorT,
          class NumItemsT>
cudaError_t device_run_length_encode(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  UniqueOutputIteratorT d_unique_out,
  LengthsOutputIteratorT d_counts_out,
  NumRunsOutputIteratorT d_num_runs_out,
  NumItemsT num_items,
  cudaStream_t stream = 0)
{
  // The types cub::DeviceRunLengthEncode::Encode dispatches with.
  using offset_t       = cccl::run_length_offset_t<NumItemsT>;
  using equality_op_t  = ::cuda::std::equal_to<>;
  using reduction_op_t = ::cuda::std::plus<>;
  using length_t       = ::cub::detail::non_void_value_t<LengthsOutputIteratorT, offset_t>;
  using ones_t         = cccl::constant_iterator<length_t, offset_t>;
  using accum_t        = ::cuda::std::__accumulator_t<reduction_op_t, length_t, length_t>;
  using key_t = ::cub::detail::non_void_value_t<UniqueOutputIteratorT, ::cub::detail::it_value_t<InputIteratorT>>;
  using hubs_t = tuning::run_length_encode::policy_hub<accum_t, key_t>;
  return detail::with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t      = tuning::run_length_encode::policy_hub<accum_t, key_t, decltype(range_constant)::value>;
    using dispatch_t = ::cub::DispatchReduceByKey<
      InputIteratorT,
      UniqueOutputIteratorT,
      ones_t,
      LengthsOutputIteratorT,
      NumRunsOutputIteratorT,
      equality_op_t,
      reduction_op_t,
      offset_t,
      accum_t,
      hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_in,
      d_unique_out,
      ones_t(length_t{1}),
      d_counts_out,
      d_num_runs_out,
      equality_op_t{},
      reduction_op_t{},
      static_cast<offset_t>(num_items),
      stream);
  });
}

/// Same contract as cub::DeviceRunLengthEncode::NonTrivialRuns: the offset and length of every run
/// of equal keys longer than one go to `d_offsets_out` and `d_lengths_out`, their number to
/// `*d_num_runs_out`.
template <class InputIteratorT,
          class OffsetsOutputIteratorT,
          class LengthsOutputIteratorT,
          class NumRunsOutputIteratorT,
          class NumItemsT>
cudaError_t device_non_trivial_runs(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OffsetsOutputIteratorT d_offsets_out,
  LengthsOutputIteratorT d_lengths_out,
  NumRunsOutputIteratorT d_num_runs_out,
  NumItemsT num_items,
  cudaStream_t stream = 0)
{
  // The types cub::DeviceRunLengthEncode::NonTrivialRuns dispatches with.
  using offset_t      = cccl::run_length_offset_t<NumItemsT>;
  using equality_op_t = ::cuda::std::equal_to<>;
  using length_t      = ::cub::detail::non_void_value_t<LengthsOutputIteratorT, offset_t>;
  using key_t         = ::cub::detail::it_value_t<InputIteratorT>;
  using hubs_t        = tuning::non_trivial_runs::policy_hub<length_t, key_t>;
  return detail::with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t      = tuning::non_trivial_runs::policy_hub<length_t, key_t, decltype(range_constant)::value>;
    using dispatch_t = ::cub::DeviceRleDispatch<
      InputIteratorT,
      OffsetsOutputIteratorT,
      LengthsOutputIteratorT,
      NumRunsOutputIteratorT,
      equality_op_t,
      offset_t,
      hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_in,
      d_offsets_out,
      d_lengths_out,
      d_num_runs_out,
      equality_op_t{},
      static_cast<offset_t>(num_items),
      stream);
  });
}
} // namespace policytune
