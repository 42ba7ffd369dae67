// SPDX-License-Identifier: Apache-2.0
// policytune::device_reduce_sum: cub::DeviceReduce::Sum with the policies PolicyTune measured
// (policytune/tuning/reduce_sum.cuh), and CUB's own for every type or architecture not tuned.
// policytune::device_reduce: cub::DeviceReduce::Reduce with the hub tune_algorithm(ALGORITHM reduce)
// rendered for the call's type and operator (policytune/custom_hubs.cuh), the sum's for plus, CUB's
// own otherwise.
// policytune::device_reduce_by_key: cub::DeviceReduce::ReduceByKey with the hub
// tune_algorithm(ALGORITHM reduce_by_key) rendered for the call's value type and operator, else
// PolicyTune's (policytune/tuning/reduce_by_key.cuh).
// Up to CCCL 3.4 the calls pass chained hubs to cub::DispatchReduce and cub::DispatchReduceByKey.
// From 3.5, which deprecates those, they pass the same winners as policy selectors
// (policytune/tuning/reduce_sum_selector.cuh, reduce_by_key_selector.cuh, a registration's): the
// overloads without temporary storage to CUB's public environment overloads through
// cuda::execution::tune, the two-phase ones to the function CUB's own two-phase call runs.
#pragma once

#include <cub/detail/choose_offset.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/dispatch/dispatch_reduce.cuh>
#include <cub/device/dispatch/dispatch_reduce_by_key.cuh>
#include <cub/version.cuh>

#include <cuda/std/functional>

#include <cstddef>

#include <policytune/custom_hubs.cuh>
#include <policytune/detail/range_dispatch.cuh>
#include <policytune/detail/sum_operator.cuh>

// Each release includes only its own form: the chained hubs name what 3.5 deprecates.
#if CUB_VERSION >= 300500
#  include <cub/detail/deferred_parameter.cuh>

#  include <policytune/detail/custom_selectors.cuh>
#  include <policytune/detail/tuning_env.cuh>
#  include <policytune/tuning/reduce_by_key_selector.cuh>
#  include <policytune/tuning/reduce_sum_selector.cuh>
#else
#  include <policytune/tuning/reduce_by_key.cuh>
#  include <policytune/tuning/reduce_sum.cuh>
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

// The types cub::DeviceReduce::ReduceByKey dispatches with, so that an untuned case is CUB's exactly.
template <class KeysInputIteratorT, class UniqueOutputIteratorT, class ValuesInputIteratorT, class ReductionOpT, class NumItemsT>
struct reduce_by_key_types
{
  using offset_t      = ::cub::detail::choose_offset_t<NumItemsT>;
  using equality_op_t = ::cuda::std::equal_to<>;
  using value_t       = ::cub::detail::it_value_t<ValuesInputIteratorT>;
  using accum_t       = ::cuda::std::__accumulator_t<ReductionOpT, value_t, value_t>;
  using key_t = ::cub::detail::non_void_value_t<UniqueOutputIteratorT, ::cub::detail::it_value_t<KeysInputIteratorT>>;
};

#if CUB_VERSION >= 300500
/// The shipped sum's selectors, where no selector is registered for a sum's type.
struct reduce_sum_selectors
{
  template <class AccumT, class OffsetT, class OpT, int Range>
  using selector = tuning::reduce_sum_selector::policy_selector<AccumT, OffsetT, OpT, Range>;
};

/// The shipped reduce by key's selectors, where no selector is registered for the values' type and
/// operator.
struct reduce_by_key_selectors
{
  template <class ReductionOpT, class AccumT, class KeyT, int Range>
  using selector = tuning::reduce_by_key_selector::policy_selector<ReductionOpT, AccumT, KeyT, Range>;
};

/// The two-phase reduction with the selector `Selector<AccumT, OffsetT, OpT, Range>` of the range
/// `num_items` falls in.
template <template <class, class, class, int> class Selector,
          class AccumT,
          class OffsetT,
          class InputIteratorT,
          class OutputIteratorT,
          class NumItemsT,
          class OpT,
          class InitT>
cudaError_t reduce_with_selector(
  void* d_temp_storage,
  std::size_t& temp_storage_bytes,
  InputIteratorT d_in,
  OutputIteratorT d_out,
  NumItemsT num_items,
  OpT op,
  InitT init,
  cudaStream_t stream)
{
  return with_range_for_size<Selector<AccumT, OffsetT, OpT, 0>>(num_items, [&](auto range_constant) {
    using selector_t = Selector<AccumT, OffsetT, OpT, decltype(range_constant)::value>;
    // CUB 3.5 has no public Reduce taking caller-provided temporary storage and a tuning: the
    // function its two-phase Reduce calls, given the selector.
    return ::cub::detail::reduce::dispatch<AccumT>(
      d_temp_storage,
      temp_storage_bytes,
      d_in,
      d_out,
      ::cub::detail::make_num_items_dispatch_arg(num_items),
      op,
      init,
      stream,
      ::cuda::std::identity{},
      selector_t{});
  });
}

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
  return with_range_for_size<Selector<AccumT, OffsetT, OpT, 0>>(num_items, [&](auto range_constant) {
    using selector_t = Selector<AccumT, OffsetT, OpT, decltype(range_constant)::value>;
    return ::cub::DeviceReduce::Reduce(d_in, d_out, num_items, op, init, tuned_on<selector_t>(stream));
  });
}

/// Which selectors serve a reduction of AccumT by ReductionOpT, and whether any does: a registered
/// one, else the shipped sum's for plus.
template <class AccumT, class ReductionOpT>
struct reduce_tuning
{
  static_assert(registration_has_selector<algorithms::reduce, AccumT, ReductionOpT>,
                "tune_algorithm(ALGORITHM reduce) registered a hub without a policy selector: re-render it with "
                "this PolicyTune, whose CCCL 3.5 API passes selectors only");
  static constexpr bool tuned =
    has_custom_selector<algorithms::reduce, AccumT, ReductionOpT> || is_sum_v<ReductionOpT, AccumT>;
  using selectors = selectors_for<algorithms::reduce, AccumT, ReductionOpT, reduce_sum_selectors>;
};
#else
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
#endif
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
  using types_t  = detail::reduce_sum_types<InputIteratorT, OutputIteratorT, NumItemsT>;
  using offset_t = typename types_t::offset_t;
  using op_t     = typename types_t::op_t;
  using init_t   = typename types_t::init_t;
  using accum_t  = typename types_t::accum_t;
#if CUB_VERSION >= 300500
  return detail::reduce_with_selector<detail::reduce_sum_selectors::selector, accum_t, offset_t>(
    d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, op_t{}, init_t{}, stream);
#else
  return detail::reduce_with_hub<detail::reduce_sum_hubs::hub, InputIteratorT, OutputIteratorT, offset_t, op_t, init_t,
                                 accum_t>(
    d_temp_storage, temp_storage_bytes, d_in, d_out, static_cast<offset_t>(num_items), op_t{}, init_t{}, stream);
#endif
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
#if CUB_VERSION >= 300500
  using tuning_t = detail::reduce_tuning<accum_t, ReductionOpT>;
  if constexpr (tuning_t::tuned)
  {
    return detail::reduce_with_selector<tuning_t::selectors::template selector, accum_t, offset_t>(
      d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, reduction_op, init, stream);
  }
#else
  if constexpr (detail::has_custom_hub<algorithms::reduce, accum_t, ReductionOpT>
                || detail::is_sum_v<ReductionOpT, accum_t>)
  {
    using hubs_t = detail::hubs_for<algorithms::reduce, accum_t, ReductionOpT, detail::reduce_sum_hubs>;
    return detail::reduce_with_hub<hubs_t::template hub, InputIteratorT, OutputIteratorT, offset_t, ReductionOpT, T,
                                   accum_t>(
      d_temp_storage, temp_storage_bytes, d_in, d_out, static_cast<offset_t>(num_items), reduction_op, init, stream);
  }
#endif
  else
  {
    return ::cub::DeviceReduce::Reduce(
      d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, reduction_op, init, stream);
  }
}

#if CUB_VERSION >= 300500
/// Same contract as cub::DeviceReduce::Sum's environment overload: CUB allocates the temporary
/// storage on `stream`.
template <class InputIteratorT, class OutputIteratorT, class NumItemsT>
cudaError_t device_reduce_sum(InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
{
  using types_t  = detail::reduce_sum_types<InputIteratorT, OutputIteratorT, NumItemsT>;
  using offset_t = typename types_t::offset_t;
  using op_t     = typename types_t::op_t;
  using accum_t  = typename types_t::accum_t;
  using shipped  = detail::reduce_sum_selectors;
  return detail::with_range_for_size<shipped::selector<accum_t, offset_t, op_t, 0>>(num_items, [&](auto range_constant) {
    using selector_t = shipped::selector<accum_t, offset_t, op_t, decltype(range_constant)::value>;
    return ::cub::DeviceReduce::Sum(d_in, d_out, num_items, detail::tuned_on<selector_t>(stream));
  });
}

/// Same contract as cub::DeviceReduce::Reduce's environment overload: CUB allocates the temporary
/// storage on `stream`. The selector tune_algorithm(ALGORITHM reduce) rendered and registered for
/// the call's accumulator type and operator serves it, the sum's for plus; anything else is CUB's
/// own call.
template <class InputIteratorT, class OutputIteratorT, class ReductionOpT, class T, class NumItemsT>
cudaError_t device_reduce(
  InputIteratorT d_in, OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op, T init, cudaStream_t stream = 0)
{
  using offset_t = ::cub::detail::choose_offset_t<NumItemsT>;
  using input_t  = ::cub::detail::it_value_t<InputIteratorT>;
  using accum_t  = ::cuda::std::__accumulator_t<ReductionOpT, input_t, T>;
  using tuning_t = detail::reduce_tuning<accum_t, ReductionOpT>;
  if constexpr (tuning_t::tuned)
  {
    return detail::reduce_with_selector<tuning_t::selectors::template selector, accum_t, offset_t>(
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
#if CUB_VERSION >= 300500
/// Which selector serves a reduce by key of AccumT values by ReductionOpT: a registered one, else the
/// shipped one (tuned for sums, CUB's policies for everything else).
template <class AccumT, class ReductionOpT>
struct reduce_by_key_tuning
{
  static_assert(registration_has_selector<algorithms::reduce_by_key, AccumT, ReductionOpT>,
                "tune_algorithm(ALGORITHM reduce_by_key) registered a hub without a policy selector: re-render it "
                "with this PolicyTune, whose CCCL 3.5 API passes selectors only");
  using selectors = selectors_for<algorithms::reduce_by_key, AccumT, ReductionOpT, reduce_by_key_selectors>;
  template <class KeyT, int Range>
  using selector = typename selectors::template selector<ReductionOpT, AccumT, KeyT, Range>;
};
#else
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
#endif
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
  using types_t =
    detail::reduce_by_key_types<KeysInputIteratorT, UniqueOutputIteratorT, ValuesInputIteratorT, ReductionOpT, NumItemsT>;
  using offset_t      = typename types_t::offset_t;
  using equality_op_t = typename types_t::equality_op_t;
  using accum_t       = typename types_t::accum_t;
  using key_t         = typename types_t::key_t;
#if CUB_VERSION >= 300500
  using tuning_t = detail::reduce_by_key_tuning<accum_t, ReductionOpT>;
  return detail::with_range_for_size<typename tuning_t::template selector<key_t, 0>>(num_items, [&](auto range_constant) {
    using selector_t = typename tuning_t::template selector<key_t, decltype(range_constant)::value>;
    // CUB 3.5 has no public ReduceByKey taking caller-provided temporary storage and a tuning: the
    // function its two-phase ReduceByKey calls, given the selector.
    return ::cub::detail::reduce_by_key::dispatch(
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
      stream,
      selector_t{});
  });
#else
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
#endif
}

#if CUB_VERSION >= 300500
/// Same contract as cub::DeviceReduce::ReduceByKey's environment overload: CUB allocates the
/// temporary storage on `stream`. The selector that serves the two-phase form serves this one.
template <class KeysInputIteratorT,
          class UniqueOutputIteratorT,
          class ValuesInputIteratorT,
          class AggregatesOutputIteratorT,
          class NumRunsOutputIteratorT,
          class ReductionOpT,
          class NumItemsT>
cudaError_t device_reduce_by_key(
  KeysInputIteratorT d_keys_in,
  UniqueOutputIteratorT d_unique_out,
  ValuesInputIteratorT d_values_in,
  AggregatesOutputIteratorT d_aggregates_out,
  NumRunsOutputIteratorT d_num_runs_out,
  ReductionOpT reduction_op,
  NumItemsT num_items,
  cudaStream_t stream = 0)
{
  using types_t =
    detail::reduce_by_key_types<KeysInputIteratorT, UniqueOutputIteratorT, ValuesInputIteratorT, ReductionOpT, NumItemsT>;
  using tuning_t = detail::reduce_by_key_tuning<typename types_t::accum_t, ReductionOpT>;
  using key_t    = typename types_t::key_t;
  return detail::with_range_for_size<typename tuning_t::template selector<key_t, 0>>(num_items, [&](auto range_constant) {
    using selector_t = typename tuning_t::template selector<key_t, decltype(range_constant)::value>;
    return ::cub::DeviceReduce::ReduceByKey(
      d_keys_in,
      d_unique_out,
      d_values_in,
      d_aggregates_out,
      d_num_runs_out,
      reduction_op,
      num_items,
      detail::tuned_on<selector_t>(stream));
  });
}
#endif
} // namespace policytune
