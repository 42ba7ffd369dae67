// SPDX-License-Identifier: Apache-2.0
// Device-wide reduction of runs of equal keys (cub::DispatchReduceByKey, as
// cub::DeviceReduce::ReduceByKey calls it) with a tunable policy, in CUB's tuning format.
//
// %RANGE% TUNE_ITEMS ipt 7:24:1
// %RANGE% TUNE_THREADS tpb 128:1024:32
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_LOAD ld 0:1:1
// %TEST% ipt_11.tpb_416.trp_1.ld_1
//
// The knobs of CUB's own benchmark (cub/benchmarks/bench/reduce/by_key.cu) but its look-back delay
// (ns, dcid, l2w): the delay constructor stays that of CUB's policy for the architecture built for.
// trp: 0 BLOCK_LOAD_DIRECT, 1 BLOCK_LOAD_WARP_TRANSPOSE; ld: 0 LOAD_DEFAULT, 1 LOAD_CA.
// Values are summed (::cuda::std::plus<>); only types whose sum is their own type are measured, since
// CUB's hub is keyed on the accumulator (an int8_t sum accumulates in int).
// RunLength: runs of equal keys 2, 16 or 256 long (CUB's MaxSegSize draws lengths up to those).

#include <cub/device/device_reduce.cuh>
#include <cub/device/dispatch/dispatch_reduce_by_key.cuh>
#include <cub/device/dispatch/tuning/tuning_reduce_by_key.cuh>

#include <cuda/std/functional>

#include <policytune/bench.hpp>
#include <policytune/bench/cuda_keyed_inputs.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "by_key_check.hpp" // the host-side comparison, unit-tested

#if !TUNE_BASE
#  include <policytune/bench/policy_at.cuh>
using policytune::bench::built_arch;
using policytune::bench::policy_at;

// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture. Parameters as
// cub::detail::reduce_by_key::policy_hub's.
template <class ReductionOpT, class AccumT, class KeyT>
struct policy_hub_t
{
  using cub_policy_t = typename policy_at<
    typename cub::detail::reduce_by_key::policy_hub<ReductionOpT, AccumT, KeyT>::MaxPolicy,
    built_arch>::type;

  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    using ReduceByKeyPolicyT =
      cub::AgentReduceByKeyPolicy<TUNE_THREADS,
                                  TUNE_ITEMS,
                                  TUNE_TRANSPOSE ? cub::BLOCK_LOAD_WARP_TRANSPOSE : cub::BLOCK_LOAD_DIRECT,
                                  TUNE_LOAD ? cub::LOAD_CA : cub::LOAD_DEFAULT,
                                  cub::BLOCK_SCAN_WARP_SCANS,
                                  typename cub_policy_t::ReduceByKeyPolicyT::detail::delay_constructor_t>;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

#ifdef TUNE_KeyT
using key_types = nvbench::type_list<TUNE_KeyT>;
#else
using key_types = nvbench::type_list<std::int8_t, std::int16_t, std::int32_t, std::int64_t>;
#endif
#ifdef TUNE_ValueT
using value_types = nvbench::type_list<TUNE_ValueT>;
#else
using value_types = nvbench::type_list<std::int32_t, std::int64_t, float, double>;
#endif

namespace
{
using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

/// The device's run count and that many keys and aggregates, on the host (none where the count does
/// not fit the buffers of `capacity`: the comparison then reports the count).
template <class KeyT, class ValueT, class CountT>
policytune::bench::by_key::runs<KeyT, ValueT>
copy_back(const KeyT* keys, const ValueT* aggregates, const CountT* count, std::size_t capacity)
{
  policytune::bench::by_key::runs<KeyT, ValueT> result;
  CountT n{};
  cuda_check(cudaMemcpy(&n, count, sizeof n, cudaMemcpyDeviceToHost), "cudaMemcpy");
  result.count        = static_cast<long long>(n);
  const std::size_t m = static_cast<std::size_t>(n) <= capacity ? static_cast<std::size_t>(n) : 0;
  result.keys.resize(m);
  result.aggregates.resize(m);
  cuda_check(cudaMemcpy(result.keys.data(), keys, m * sizeof(KeyT), cudaMemcpyDeviceToHost), "cudaMemcpy");
  cuda_check(cudaMemcpy(result.aggregates.data(), aggregates, m * sizeof(ValueT), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return result;
}
} // namespace

template <class KeyT, class ValueT>
void by_key(nvbench::state& state, nvbench::type_list<KeyT, ValueT>)
{
  // What cub::DeviceReduce::ReduceByKey dispatches for an int item count, so that base is CUB's default.
  using equality_op_t  = ::cuda::std::equal_to<>;
  using reduction_op_t = ::cuda::std::plus<>;
  using offset_t       = cub::detail::choose_offset_t<int>;
  using accum_t        = ::cuda::std::__accumulator_t<reduction_op_t, ValueT, ValueT>;
  static_assert(std::is_same_v<accum_t, ValueT>, "ValueT{ct} must be summed in its own type (CUB keys its hub on it)");
  using keys_it_t   = const KeyT*;
  using values_it_t = const ValueT*;
  using count_it_t  = offset_t*;
#if TUNE_BASE
  using dispatch_t = cub::DispatchReduceByKey<keys_it_t, KeyT*, values_it_t, ValueT*, count_it_t, equality_op_t,
                                              reduction_op_t, offset_t>;
#else
  using hub_t      = policy_hub_t<reduction_op_t, accum_t, KeyT>;
  using dispatch_t = cub::DispatchReduceByKey<keys_it_t, KeyT*, values_it_t, ValueT*, count_it_t, equality_op_t,
                                              reduction_op_t, offset_t, accum_t, hub_t>;
  using policy_t   = typename hub_t::MaxPolicy::ReduceByKeyPolicyT;
  // The tile's keys and (offset, aggregate) pairs exchanged in shared memory, and a margin for the
  // block scan's storage.
  constexpr std::size_t smem =
    (policy_t::BLOCK_THREADS * policy_t::ITEMS_PER_THREAD + 1) * (sizeof(KeyT) + sizeof(cub::KeyValuePair<offset_t, accum_t>))
    + 1024;
  if constexpr (!policytune::bench::fits_static_shared_memory(smem))
  {
    state.skip(policytune::bench::static_shared_memory_reason(smem));
    return;
  }
  else if (policytune::bench::skip_unless_launchable(state, policy_t::BLOCK_THREADS, smem))
  {
    return;
  }
  else
#endif
  {
    const auto elements   = static_cast<std::size_t>(state.get_int64("Elements{io}"));
    const auto run_length = static_cast<std::size_t>(state.get_int64("RunLength"));
    device_buffer<KeyT> keys(elements);
    device_buffer<ValueT> values(elements);
    device_buffer<KeyT> unique(elements);
    device_buffer<ValueT> aggregates(elements);
    device_buffer<KeyT> reference_unique(elements);
    device_buffer<ValueT> reference_aggregates(elements);
    device_buffer<offset_t> count(1);
    device_buffer<offset_t> reference_count(1);
    policytune::bench::fill_runs<<<1024, 256>>>(keys.get(), elements, run_length);
    cuda_check(cudaGetLastError(), "fill_runs");
    // Values in {-1, 0, 1}: every sum is exact in any order, so aggregates compare bit for bit.
    policytune::bench::fill_signed_units<<<1024, 256>>>(values.get(), elements);
    cuda_check(cudaGetLastError(), "fill_signed_units");

    // The reference: CUB's default policy through the public API.
    const KeyT* keys_in             = keys.get();
    const ValueT* values_in         = values.get();
    std::size_t reference_temp_size = 0;
    cuda_check(cub::DeviceReduce::ReduceByKey(nullptr, reference_temp_size, keys_in, reference_unique.get(), values_in,
                                              reference_aggregates.get(), reference_count.get(), reduction_op_t{},
                                              static_cast<int>(elements)),
               "cub::DeviceReduce::ReduceByKey");
    {
      device_buffer<char> reference_temp(reference_temp_size);
      cuda_check(cub::DeviceReduce::ReduceByKey(reference_temp.get(), reference_temp_size, keys_in,
                                                reference_unique.get(), values_in, reference_aggregates.get(),
                                                reference_count.get(), reduction_op_t{}, static_cast<int>(elements)),
                 "cub::DeviceReduce::ReduceByKey");
      cuda_check(cudaDeviceSynchronize(), "cub::DeviceReduce::ReduceByKey");
    }
    const auto expected = copy_back(reference_unique.get(), reference_aggregates.get(), reference_count.get(), elements);

    std::size_t temp_size = 0;
    cuda_check(dispatch_t::Dispatch(nullptr, temp_size, keys_in, unique.get(), values_in, aggregates.get(), count.get(),
                                    equality_op_t{}, reduction_op_t{}, static_cast<offset_t>(elements), cudaStream_t{}),
               "DispatchReduceByKey");
    device_buffer<char> temp(temp_size);

    state.add_element_count(elements);
    state.add_global_memory_reads<KeyT>(elements, "Size");
    state.add_global_memory_reads<ValueT>(elements);
    state.add_global_memory_writes<KeyT>(static_cast<std::size_t>(expected.count));
    state.add_global_memory_writes<ValueT>(static_cast<std::size_t>(expected.count));
    state.add_global_memory_writes<offset_t>(1);

    state.verify_with([&] {
      const auto difference =
        policytune::bench::by_key::compare_runs(copy_back(unique.get(), aggregates.get(), count.get(), elements), expected);
      return difference.empty() ? policytune::bench::passed()
                                : policytune::bench::failed(difference + " (against cub::DeviceReduce::ReduceByKey)");
    });
    state.exec(nvbench::exec_tag::gpu | nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
      cuda_check(dispatch_t::Dispatch(temp.get(), temp_size, keys_in, unique.get(), values_in, aggregates.get(),
                                      count.get(), equality_op_t{}, reduction_op_t{}, static_cast<offset_t>(elements),
                                      launch.get_stream()),
                 "DispatchReduceByKey");
    });
  }
}

NVBENCH_BENCH_TYPES(by_key, NVBENCH_TYPE_AXES(key_types, value_types))
  .set_name("base")
  .set_type_axes_names({"KeyT{ct}", "ValueT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4))
  .add_int64_power_of_two_axis("RunLength", {1, 4, 8});
