// SPDX-License-Identifier: Apache-2.0
// policytune::device_run_length_encode and policytune::device_non_trivial_runs:
// cub::DeviceRunLengthEncode::Encode and ::NonTrivialRuns with the policies PolicyTune measured, and
// CUB's own for everything not tuned. Up to CCCL 3.4 the policies are chained hubs
// (policytune/tuning/run_length_encode.cuh, non_trivial_runs.cuh) given to CUB's dispatch classes;
// from CCCL 3.5, which deprecates those, policy selectors (run_length_encode_selector.cuh,
// non_trivial_runs_selector.cuh) passed through cuda::execution::tune to
// cub::DeviceRunLengthEncode's environment overloads, or, for the two-phase forms, which CUB 3.5
// offers without an environment only, to the selector-taking dispatch those overloads call.
#pragma once

#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/dispatch/dispatch_reduce_by_key.cuh>
#include <cub/device/dispatch/dispatch_rle.cuh>

#include <cuda/std/functional>

#include <cstddef>

#include <policytune/detail/cccl_compat.cuh>
#include <policytune/detail/range_dispatch.cuh>

// Each release includes only its own form: the chained hubs name what 3.5 deprecates.
#include <cub/version.cuh>
#if CUB_VERSION >= 300500
#  include <cub/device/dispatch/dispatch_streaming_reduce_by_key.cuh>

#  include <policytune/detail/tuning_env.cuh>
#  include <policytune/tuning/non_trivial_runs_selector.cuh>
#  include <policytune/tuning/run_length_encode_selector.cuh>
#else
#  include <policytune/tuning/non_trivial_runs.cuh>
#  include <policytune/tuning/run_length_encode.cuh>
#endif

namespace policytune
{
#if CUB_VERSION < 300500
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
#else
namespace detail
{
// The types cub::DeviceRunLengthEncode::Encode chooses its policy selector with.
template <class InputIteratorT, class UniqueOutputIteratorT, class LengthsOutputIteratorT, class NumItemsT>
struct run_length_encode_types
{
  using offset_t       = cccl::run_length_offset_t<NumItemsT>;
  using equality_op_t  = ::cuda::std::equal_to<>;
  using reduction_op_t = ::cuda::std::plus<>;
  using length_t       = ::cub::detail::non_void_value_t<LengthsOutputIteratorT, offset_t>;
  using ones_t         = cccl::constant_iterator<length_t, offset_t>;
  using accum_t        = ::cuda::std::__accumulator_t<reduction_op_t, length_t, length_t>;
  using key_t = ::cub::detail::non_void_value_t<UniqueOutputIteratorT, ::cub::detail::it_value_t<InputIteratorT>>;
  template <int Range>
  using selector = tuning::run_length_encode_selector::policy_selector<accum_t, key_t, Range>;
};

// The types cub::DeviceRunLengthEncode::NonTrivialRuns chooses its policy selector with.
template <class InputIteratorT, class LengthsOutputIteratorT, class NumItemsT>
struct non_trivial_runs_types
{
  using offset_t      = cccl::run_length_offset_t<NumItemsT>;
  using equality_op_t = ::cuda::std::equal_to<>;
  using length_t      = ::cub::detail::non_void_value_t<LengthsOutputIteratorT, offset_t>;
  using key_t         = ::cub::detail::it_value_t<InputIteratorT>;
  template <int Range>
  using selector = tuning::non_trivial_runs_selector::policy_selector<length_t, key_t, Range>;
};

/// Runs `call(selector)` with `Types::selector<Range>` (a value) for the range `num_items` falls in.
template <class Types, class NumItemsT, class Call>
cudaError_t with_run_length_selector(NumItemsT num_items, Call&& call)
{
  return with_range_for_size<typename Types::template selector<0>>(num_items, [&](auto range_constant) {
    return call(typename Types::template selector<decltype(range_constant)::value>{});
  });
}
} // namespace detail

/// Same contract as cub::DeviceRunLengthEncode::Encode: the first key of every run of equal keys of
/// `d_in` goes to `d_unique_out`, the run's length to `d_counts_out`, and the number of runs to
/// `*d_num_runs_out`.
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
  using types_t = detail::run_length_encode_types<InputIteratorT, UniqueOutputIteratorT, LengthsOutputIteratorT, NumItemsT>;
  using length_t = typename types_t::length_t;
  return detail::with_run_length_selector<types_t>(num_items, [&](auto selector) {
    // CUB 3.5's Encode takes no environment with caller-provided storage: the dispatch it calls, with
    // its adapter from the run-length policy to the reduce-by-key one.
    using adapter_t = ::cub::DeviceRunLengthEncode::__policy_selector_adapter<decltype(selector)>;
    return ::cub::detail::reduce_by_key::dispatch_streaming(
      d_temp_storage,
      temp_storage_bytes,
      d_in,
      d_unique_out,
      typename types_t::ones_t(length_t{1}),
      d_counts_out,
      d_num_runs_out,
      typename types_t::equality_op_t{},
      typename types_t::reduction_op_t{},
      static_cast<typename types_t::offset_t>(num_items),
      stream,
      adapter_t{});
  });
}

/// Same contract as cub::DeviceRunLengthEncode::Encode's environment overload: CUB allocates the
/// temporary storage on `stream`.
template <class InputIteratorT,
          class UniqueOutputIteratorT,
          class LengthsOutputIteratorT,
          class NumRunsOutputIteratorT,
          class NumItemsT>
cudaError_t device_run_length_encode(
  InputIteratorT d_in,
  UniqueOutputIteratorT d_unique_out,
  LengthsOutputIteratorT d_counts_out,
  NumRunsOutputIteratorT d_num_runs_out,
  NumItemsT num_items,
  cudaStream_t stream = 0)
{
  using types_t = detail::run_length_encode_types<InputIteratorT, UniqueOutputIteratorT, LengthsOutputIteratorT, NumItemsT>;
  return detail::with_run_length_selector<types_t>(num_items, [&](auto selector) {
    return ::cub::DeviceRunLengthEncode::Encode(
      d_in, d_unique_out, d_counts_out, d_num_runs_out, num_items, detail::tuned_on<decltype(selector)>(stream));
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
  using types_t = detail::non_trivial_runs_types<InputIteratorT, LengthsOutputIteratorT, NumItemsT>;
  return detail::with_run_length_selector<types_t>(num_items, [&](auto selector) {
    // CUB 3.5's NonTrivialRuns takes no environment with caller-provided storage: the dispatch it calls.
    return ::cub::detail::rle::dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_in,
      d_offsets_out,
      d_lengths_out,
      d_num_runs_out,
      typename types_t::equality_op_t{},
      static_cast<typename types_t::offset_t>(num_items),
      stream,
      selector);
  });
}

/// Same contract as cub::DeviceRunLengthEncode::NonTrivialRuns' environment overload: CUB allocates
/// the temporary storage on `stream`.
template <class InputIteratorT,
          class OffsetsOutputIteratorT,
          class LengthsOutputIteratorT,
          class NumRunsOutputIteratorT,
          class NumItemsT>
cudaError_t device_non_trivial_runs(
  InputIteratorT d_in,
  OffsetsOutputIteratorT d_offsets_out,
  LengthsOutputIteratorT d_lengths_out,
  NumRunsOutputIteratorT d_num_runs_out,
  NumItemsT num_items,
  cudaStream_t stream = 0)
{
  using types_t = detail::non_trivial_runs_types<InputIteratorT, LengthsOutputIteratorT, NumItemsT>;
  return detail::with_run_length_selector<types_t>(num_items, [&](auto selector) {
    return ::cub::DeviceRunLengthEncode::NonTrivialRuns(
      d_in, d_offsets_out, d_lengths_out, d_num_runs_out, num_items, detail::tuned_on<decltype(selector)>(stream));
  });
}
#endif
} // namespace policytune
