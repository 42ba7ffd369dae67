// SPDX-License-Identifier: Apache-2.0
// Device-wide sum with a tunable policy, in CUB's tuning format, measured the way PolicyTune ships
// it on the CCCL release it is built with: up to 3.4 a cub::ChainedPolicy hub through
// cub::DispatchReduce (templates/reduce.mustache); from 3.5 a policy selector through
// cuda::execution::tune and cub::DeviceReduce's environment overload (templates/reduce_selector.mustache).
//
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %RANGE% TUNE_ITEMS_PER_VEC_LOAD_POW2 ipv 1:2:1
// %TEST% ipt_16.tpb_512.ipv_1

#include <cub/device/device_reduce.cuh>
#include <cub/device/dispatch/dispatch_reduce.cuh>

#include <cub/version.cuh>

#include <cuda/std/functional>

#include <policytune/bench.hpp>

#if CUB_VERSION >= 300500
#  include <cuda/__execution/tune.h>
#  include <cuda/__stream/stream_ref.h>
#  include <cuda/std/__execution/env.h>
#endif

#include <cstddef>
#include <cstdint>
#include <type_traits>

#if !TUNE_BASE
// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture.
template <typename AccumT, typename OffsetT>
struct policy_hub_t
{
  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    static constexpr int threads_per_block  = TUNE_THREADS_PER_BLOCK;
    static constexpr int items_per_thread   = TUNE_ITEMS_PER_THREAD;
    static constexpr int items_per_vec_load = (1 << TUNE_ITEMS_PER_VEC_LOAD_POW2);

    using ReducePolicy =
      cub::AgentReducePolicy<threads_per_block,
                             items_per_thread,
                             AccumT,
                             items_per_vec_load,
                             cub::BLOCK_REDUCE_WARP_REDUCTIONS,
                             cub::LOAD_LDG>; // CUB's own for sm_35 and later: only the knobs differ

    // DispatchReduce (through ReducePolicyWrapper) needs all three.
    using SingleTilePolicy      = ReducePolicy;
    using SegmentedReducePolicy = ReducePolicy;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

#if !TUNE_BASE && CUB_VERSION >= 300500
// The same variant as the selector templates/reduce_selector.mustache renders: every architecture
// gets it, scaled to AccumT as cub::AgentReducePolicy scales it.
template <typename AccumT>
struct variant_selector
{
  __host__ __device__ constexpr auto operator()(::cuda::compute_capability) const -> ::cub::ReducePolicy
  {
    constexpr auto scaled =
      ::cub::detail::scale_mem_bound(TUNE_THREADS_PER_BLOCK, TUNE_ITEMS_PER_THREAD, int{sizeof(AccumT)});
    constexpr ::cub::ReducePassPolicy pass{
      scaled.threads_per_block,
      scaled.items_per_thread,
      1 << TUNE_ITEMS_PER_VEC_LOAD_POW2,
      ::cub::BLOCK_REDUCE_WARP_REDUCTIONS,
      ::cub::LOAD_LDG};
    return ::cub::ReducePolicy{pass, pass};
  }
};
#endif

// DispatchReduce's transform: cuda::std::__identity became cuda::std::identity in 3.1.
#if CUB_VERSION >= 300100
using identity_t = ::cuda::std::identity;
#else
using identity_t = ::cuda::std::__identity;
#endif

#ifdef TUNE_T
using value_types = nvbench::type_list<TUNE_T>;
#else
using value_types = nvbench::type_list<std::int32_t, std::int64_t, float, double>;
#endif
// The offsets cub::DeviceReduce picks (cub::detail::choose_offset_t): for 32-bit and 64-bit counts.
#ifdef TUNE_OffsetT
using unsigned_offset_types = nvbench::type_list<TUNE_OffsetT>;
#else
using unsigned_offset_types = nvbench::type_list<std::uint32_t, unsigned long long>;
#endif

using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

template <class T, class OffsetT>
void sum(nvbench::state& state, nvbench::type_list<T, OffsetT>)
{
  // The types cub::DeviceReduce::Sum dispatches with, so that base is CUB's default.
  using offset_t    = OffsetT;
  using op_t        = ::cuda::std::plus<>;
  using init_t      = T;
  using accum_t     = ::cuda::std::__accumulator_t<op_t, T, init_t>;
  using input_it_t  = const T*;
  using output_it_t = T*;
#if CUB_VERSION >= 300500
  // Dispatched through cub::DeviceReduce::Sum below.
#elif TUNE_BASE
  using dispatch_t = cub::DispatchReduce<input_it_t, output_it_t, offset_t, op_t, init_t, accum_t>;
#else
  using dispatch_t = cub::DispatchReduce<input_it_t,
                                         output_it_t,
                                         offset_t,
                                         op_t,
                                         init_t,
                                         accum_t,
                                         identity_t,
                                         policy_hub_t<accum_t, offset_t>>;
#endif

#if !TUNE_BASE && CUB_VERSION < 300500
  using policy_t = typename policy_hub_t<accum_t, offset_t>::MaxPolicy::ReducePolicy;
  using agent_t  = cub::detail::reduce::AgentReduce<policy_t, input_it_t, output_it_t, offset_t, op_t, accum_t>;
  if (policytune::bench::skip_unless_launchable(
        state, policy_t::BLOCK_THREADS, sizeof(typename agent_t::TempStorage)))
  {
    return;
  }
#elif !TUNE_BASE
  // CUB checks a selector's policy when it dispatches: a block larger than the device allows fails there.
  constexpr auto policy = variant_selector<accum_t>{}(::cuda::compute_capability(90));
  if (policytune::bench::skip_unless_launchable(state, policy.multi_tile.threads_per_block, 0))
  {
    return;
  }
#endif
  const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  device_buffer<T> in(elements);
  device_buffer<T> out(1);
  device_buffer<T> reference(1);
  // Values in {-1, 0, 1}: every sum is exact in any order, so results compare exactly.
  policytune::bench::fill_signed_units<<<1024, 256>>>(in.get(), elements);
  cuda_check(cudaGetLastError(), "fill_signed_units");

  // The reference: CUB's default policy through the public API.
  std::size_t reference_temp_size = 0;
  cuda_check(cub::DeviceReduce::Sum(nullptr, reference_temp_size, in.get(), reference.get(), static_cast<int>(elements)),
        "cub::DeviceReduce::Sum");
  {
    device_buffer<char> reference_temp(reference_temp_size);
    cuda_check(cub::DeviceReduce::Sum(
            reference_temp.get(), reference_temp_size, in.get(), reference.get(), static_cast<int>(elements)),
          "cub::DeviceReduce::Sum");
    cuda_check(cudaDeviceSynchronize(), "cub::DeviceReduce::Sum");
  }
  T expected{};
  cuda_check(cudaMemcpy(&expected, reference.get(), sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  // The variant's sum must be CUB's.
  const auto matches_reference = [&] {
    T actual{};
    cuda_check(cudaMemcpy(&actual, out.get(), sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
    if constexpr (std::is_floating_point_v<T>)
    {
      return policytune::bench::expect_close(actual, expected, 0.0, sizeof(T) == 4 ? 1e-6 : 1e-12);
    }
    else
    {
      return policytune::bench::expect_equal(actual, expected);
    }
  };

#if CUB_VERSION >= 300500
  state.add_element_count(elements);
  state.add_global_memory_reads<T>(elements, "Size");
  state.add_global_memory_writes<T>(1);
  state.verify_with(matches_reference);
  // What ships on this release: cub::DeviceReduce::Sum with the variant's selector in its environment
  // (base: none, CUB's own); CUB allocates the temporary storage on the stream, as for a user.
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
#  if TUNE_BASE
    const auto env = ::cuda::std::execution::env{::cuda::stream_ref{launch.get_stream()}};
#  else
    const auto env = ::cuda::std::execution::env{
      ::cuda::stream_ref{launch.get_stream()}, ::cuda::execution::tune(variant_selector<accum_t>{})};
#  endif
    cuda_check(cub::DeviceReduce::Sum(in.get(), out.get(), static_cast<offset_t>(elements), env), "cub::DeviceReduce::Sum");
  });
#else
  std::size_t temp_size = 0;
  cuda_check(dispatch_t::Dispatch(
          nullptr, temp_size, in.get(), out.get(), static_cast<offset_t>(elements), op_t{}, init_t{}, cudaStream_t{}),
        "DispatchReduce");
  device_buffer<char> temp(temp_size);

  state.add_element_count(elements);
  state.add_global_memory_reads<T>(elements, "Size");
  state.add_global_memory_writes<T>(1);

  state.verify_with(matches_reference);
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
    cuda_check(dispatch_t::Dispatch(temp.get(),
                               temp_size,
                               in.get(),
                               out.get(),
                               static_cast<offset_t>(elements),
                               op_t{},
                               init_t{},
                               launch.get_stream()),
          "DispatchReduce");
  });
#endif
}

NVBENCH_BENCH_TYPES(sum, NVBENCH_TYPE_AXES(value_types, unsigned_offset_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}", "OffsetT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4));
