// SPDX-License-Identifier: Apache-2.0
// policytune::device_reduce_sum: cub::DeviceReduce::Sum with the policies PolicyTune measured
// (policytune/tuning/reduce_sum.cuh), and CUB's own for every type or architecture not tuned.
// policytune::device_reduce: cub::DeviceReduce::Reduce with the hub tune_algorithm(ALGORITHM reduce)
// rendered for the call's type and operator (policytune/custom_hubs.cuh), the sum's for plus, CUB's
// own otherwise.
// policytune::device_reduce_by_key: cub::DeviceReduce::ReduceByKey with the hub
// tune_algorithm(ALGORITHM reduce_by_key) rendered for the call's value type and operator, else
// PolicyTune's (policytune/tuning/reduce_by_key.cuh).
// From CCCL 3.5, whose DeviceReduce takes a tuning environment, an overload without temporary
// storage passes the same winners as a policy selector (policytune/tuning/reduce_sum_selector.cuh)
// through cuda::execution::tune to CUB's public API.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/dispatch/dispatch_reduce.cuh>
#include <cub/device/dispatch/dispatch_reduce_by_key.cuh>

#include <cuda/std/functional>

#include <cstddef>

#include <policytune/custom_hubs.cuh>
#include <policytune/detail/range_dispatch.cuh>
#include <policytune/detail/sum_operator.cuh>
#include <policytune/tuning/reduce_by_key.cuh>
#include <policytune/tuning/reduce_sum.cuh>

#include <cub/version.cuh>
#if CUB_VERSION >= 300500
#  include <policytune/detail/tuning_env.cuh>

#  include <policytune/tuning/reduce_sum_selector.cuh>
#endif

namespace policytune
{
namespace detail
{
// The types cub::DeviceReduce::Sum dispatches with, so that an untuned case is CUB's exactly.
template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
struct reduce_sum_types
{
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using init_t   = ::cub::detail::non_void_value_t<OutputIteratorT, input_t>;
  using op_t     = ::cuda::std::plus<>;
  using accum_t  = ::cuda::std::__accumulator_t<op_t, input_t, init_t>;
};

/// cub::DispatchReduce with the hub `Hub<AccumT, OffsetT, OpT, Range>` of the range `num_items`
/// falls in (Range 0 where the hub has no size dispatch).
template <template <class, class, class, int> class Hub,
          class InputIteratorT,
          class OutputIteratorT,
          class OffsetT,
          class OpT,
          class InitT,
          class AccumT>
cudaError_t reduce_with_hub(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  OffsetT num_items,
  OpT op,
  InitT init,
  cudaStream_t stream)
{
  using hubs_t = Hub<AccumT, OffsetT, OpT, 0>;
  return with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t      = Hub<AccumT, OffsetT, OpT, decltype(range_constant)::value>;
    using dispatch_t = ::cub::DispatchReduce<InputIteratorT, OutputIteratorT, OffsetT, OpT, InitT, AccumT,
                                             ::cuda::std::identity, hub_t>;
    return dispatch_t::Dispatch(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, op, init, stream);
  });
}

/// The shipped sum's hubs, where no hub is registered for a sum's type.
struct reduce_sum_hubs
{
  template <class AccumT, class OffsetT, class OpT, int Range>
  using hub = tuning::reduce_sum::policy_hub<AccumT, OffsetT, OpT, Range>;
};
} // namespace detail

/// Same contract as cub::DeviceReduce::Sum: call once with `d_temp_storage == nullptr` for the
/// temporary storage size, then again to reduce `num_items` items of `d_in` into `*d_out`.
template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
cudaError_t device_reduce_sum(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  NumItemsT num_items,
  cudaStream_t stream = 0)
{
  using types_t = detail::reduce_sum_types<InputIteratorT, OutputIteratorT, NumItemsT>;
  using accum_t = typename types_t::accum_t;
  return detail::reduce_with_hub<detail::reduce_sum_hubs::hub, InputIteratorT, OutputIteratorT, typename types_t::offset_t,
                                 typename types_t::op_t, typename types_t::init_t, accum_t>(
    d_temp_storage,
    temp_storage_bytes,
    d_in,
    d_out,
    static_cast<typename types_t::offset_t>(num_items),
    typename types_t::op_t{},
    typename types_t::init_t{},
    stream);
}

/// Same contract as cub::DeviceReduce::Reduce: `*d_out` is `init` combined with every item of `d_in`
/// by `reduction_op`. A hub tune_algorithm(ALGORITHM reduce) rendered for this accumulator type and
/// operator serves the call where one is included (policytune/custom_hubs.cuh); a sum takes
/// device_reduce_sum's hub; anything else is CUB's own call.
template <class InputIteratorT, class OutputIteratorT, class ReductionOpT, class T, class NumItemsT>
cudaError_t device_reduce(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  NumItemsT num_items,
  ReductionOpT reduction_op,
  T init,
  cudaStream_t stream = 0)
{
  // The types cub::DeviceReduce::Reduce dispatches with.
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using accum_t  = ::cuda::std::__accumulator_t<ReductionOpT, input_t, T>;
  if constexpr (detail::has_custom_hub<algorithms::reduce, accum_t, ReductionOpT>
                || detail::is_sum_v<ReductionOpT, accum_t>)
  {
    using hubs_t = detail::hubs_for<algorithms::reduce, accum_t, ReductionOpT, detail::reduce_sum_hubs>;
    return detail::reduce_with_hub<hubs_t::template hub, InputIteratorT, OutputIteratorT, offset_t, ReductionOpT, T,
                                   accum_t>(
      d_temp_storage, temp_storage_bytes, d_in, d_out, static_cast<offset_t>(num_items), reduction_op, init, stream);
  }
  else
  {
    return ::cub::DeviceReduce::Reduce(
      d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, reduction_op, init, stream);
  }
}

#if CUB_VERSION >= 300500
/// Same contract as cub::DeviceReduce::Sum's environment overload: CUB allocates the temporary
/// storage on `stream`. The tuned policies reach CUB through its public tuning API.
template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
cudaError_t device_reduce_sum(InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
{
  using types_t     = detail::reduce_sum_types<InputIteratorT, OutputIteratorT, NumItemsT>;
  using offset_t    = typename types_t::offset_t;
  using op_t        = typename types_t::op_t;
  using accum_t     = typename types_t::accum_t;
  using selectors_t = tuning::reduce_sum_selector::policy_selector<accum_t, offset_t, op_t>;
  return detail::with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
    using selector_t = tuning::reduce_sum_selector::policy_selector<accum_t, offset_t, op_t, decltype(range_constant)::value>;
    return ::cub::DeviceReduce::Sum(d_in, d_out, num_items, detail::tuned_on<selector_t>(stream));
  });
}

namespace detail
{
/// cub::DeviceReduce::Reduce's environment overload with the selector `Selector<AccumT, OffsetT,
/// OpT, Range>` of the range `num_items` falls in, through cuda::execution::tune.
template <template <class, class, class, int> class Selector,
          class AccumT,
          class OffsetT,
          class InputIteratorT,
          class OutputIteratorT,
          class NumItemsT,
          class OpT,
          class InitT>
cudaError_t reduce_with_selector(
  InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items, OpT op, InitT init, cudaStream_t stream)
{
  using selectors_t = Selector<AccumT, OffsetT, OpT, 0>;
  return with_range_for_size<selectors_t>(num_items, [&](auto range_constant) {
    using selector_t = Selector<AccumT, OffsetT, OpT, decltype(range_constant)::value>;
    return ::cub::DeviceReduce::Reduce(d_in, d_out, num_items, op, init, detail::tuned_on<selector_t>(stream));
  });
}

template <class AccumT, class OffsetT, class OpT, int Range>
using reduce_sum_selector = tuning::reduce_sum_selector::policy_selector<AccumT, OffsetT, OpT, Range>;
} // namespace detail

/// Same contract as cub::DeviceReduce::Reduce's environment overload: CUB allocates the temporary
/// storage on `stream`. The policies reach CUB through its public tuning API: the selector
/// tune_algorithm(ALGORITHM reduce) rendered and registered for the call's accumulator type and
/// operator, the sum's for plus; anything else is CUB's own call.
template <class InputIteratorT, class OutputIteratorT, class ReductionOpT, class T, class NumItemsT>
cudaError_t device_reduce(
  InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op, T init, cudaStream_t stream = 0)
{
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using accum_t  = ::cuda::std::__accumulator_t<ReductionOpT, input_t, T>;
  using custom_t = custom_hub<algorithms::reduce, accum_t, ReductionOpT>;
  if constexpr (detail::has_custom_selector<algorithms::reduce, accum_t, ReductionOpT>)
  {
    return detail::reduce_with_selector<custom_t::template selector, accum_t, offset_t>(
      d_in, d_out, num_items, reduction_op, init, stream);
  }
  else if constexpr (detail::is_sum_v<ReductionOpT, accum_t>)
  {
    return detail::reduce_with_selector<detail::reduce_sum_selector, accum_t, offset_t>(
      d_in, d_out, num_items, reduction_op, init, stream);
  }
  else
  {
    return ::cub::DeviceReduce::Reduce(d_in, d_out, num_items, reduction_op, init, detail::untuned_on(stream));
  }
}
#endif
namespace detail
{
/// cub::DispatchReduceByKey with the hub `Hub<ReductionOpT, AccumT, KeyT, Range>` of the range
/// `num_items` falls in (Range 0 where the hub has no size dispatch).
template <template <class, class, class, int> class Hub,
          class KeyT,
          class AccumT,
          class OffsetT,
          class KeysInputIteratorT,
          class UniqueOutputIteratorT,
          class ValuesInputIteratorT,
          class AggregatesOutputIteratorT,
          class NumRunsOutputIteratorT,
          class EqualityOpT,
          class ReductionOpT>
cudaError_t reduce_by_key_with_hub(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  KeysInputIteratorT d_keys_in,
  UniqueOutputIteratorT d_unique_out,
  ValuesInputIteratorT d_values_in,
  AggregatesOutputIteratorT d_aggregates_out,
  NumRunsOutputIteratorT d_num_runs_out,
  EqualityOpT equality_op,
  ReductionOpT reduction_op,
  OffsetT num_items,
  cudaStream_t stream)
{
  using hubs_t = Hub<ReductionOpT, AccumT, KeyT, 0>;
  return with_range_for_size<hubs_t>(num_items, [&](auto range_constant) {
    using hub_t      = Hub<ReductionOpT, AccumT, KeyT, decltype(range_constant)::value>;
    using dispatch_t = ::cub::DispatchReduceByKey<KeysInputIteratorT,
                                                  UniqueOutputIteratorT,
                                                  ValuesInputIteratorT,
                                                  AggregatesOutputIteratorT,
                                                  NumRunsOutputIteratorT,
                                                  EqualityOpT,
                                                  ReductionOpT,
                                                  OffsetT,
                                                  AccumT,
                                                  hub_t>;
    return dispatch_t::Dispatch(
      d_temp_storage,
      temp_storage_bytes,
      d_keys_in,
      d_unique_out,
      d_values_in,
      d_aggregates_out,
      d_num_runs_out,
      equality_op,
      reduction_op,
      num_items,
      stream);
  });
}

/// The shipped reduce by key's hubs, where no hub is registered for the values' type and operator.
struct reduce_by_key_hubs
{
  template <class ReductionOpT, class AccumT, class KeyT, int Range>
  using hub = tuning::reduce_by_key::policy_hub<ReductionOpT, AccumT, KeyT, Range>;
};
} // namespace detail

/// Same contract as cub::DeviceReduce::ReduceByKey: for every run of equal keys (operator==) of
/// `d_keys_in`, its first key goes to `d_unique_out` and the `reduction_op` reduction of its values to
/// `d_aggregates_out`; `*d_num_runs_out` receives the number of runs. A hub
/// tune_algorithm(ALGORITHM reduce_by_key) rendered for this value accumulator type and operator serves
/// the call where one is included (policytune/custom_hubs.cuh); otherwise PolicyTune's reduce_by_key
/// hub (tuned for sums, CUB's policies for everything else).
template <class KeysInputIteratorT,
          class UniqueOutputIteratorT,
          class ValuesInputIteratorT,
          class AggregatesOutputIteratorT,
          class NumRunsOutputIteratorT,
          class ReductionOpT,
          class NumItemsT>
cudaError_t device_reduce_by_key(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  KeysInputIteratorT d_keys_in,
  UniqueOutputIteratorT d_unique_out,
  ValuesInputIteratorT d_values_in,
  AggregatesOutputIteratorT d_aggregates_out,
  NumRunsOutputIteratorT d_num_runs_out,
  ReductionOpT reduction_op,
  NumItemsT num_items,
  cudaStream_t stream = 0)
{
  // The types cub::DeviceReduce::ReduceByKey dispatches with, so that an untuned case is CUB's exactly.
  using offset_t      = ::cub::detail::choose_offset_t<NumItemsT>;
  using equality_op_t = ::cuda::std::equal_to<>;
  using value_t       = ::cub::detail::it_value_t<ValuesInputIteratorT>;
  using accum_t       = ::cuda::std::__accumulator_t<ReductionOpT, value_t, value_t>;
  using key_t = ::cub::detail::non_void_value_t<UniqueOutputIteratorT, ::cub::detail::it_value_t<KeysInputIteratorT>>;
  using hubs_t = detail::hubs_for<algorithms::reduce_by_key, accum_t, ReductionOpT, detail::reduce_by_key_hubs>;
  return detail::reduce_by_key_with_hub<hubs_t::template hub, key_t, accum_t>(
    d_temp_storage,
    temp_storage_bytes,
    d_keys_in,
    d_unique_out,
    d_values_in,
    d_aggregates_out,
    d_num_runs_out,
    equality_op_t{},
    reduction_op,
    static_cast<offset_t>(num_items),
    stream);
}

} // namespace policytune
