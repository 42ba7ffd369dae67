// SPDX-License-Identifier: Apache-2.0
// Device-wide selection by a predicate (cub::DispatchSelectIf, as cub::DeviceSelect::If calls it) with
// a tunable policy, in CUB's tuning format.
//
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_LOAD ld 0:1:1
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %TEST% trp_1.ld_1.ipt_13.tpb_352
//
// The knobs of CUB's own select benchmark (cub/benchmarks/bench/select/if.cu) but its look-back delay
// (ns, dcid, l2w): the delay constructor stays that of CUB's policy for the architecture built for.
// trp: 0 BLOCK_LOAD_DIRECT, 1 BLOCK_LOAD_WARP_TRANSPOSE; ld: 0 LOAD_DEFAULT, 1 LOAD_CA. ipt counts
// items of T (not 4-byte nominals), as AgentSelectIfPolicy takes them.
// Entropy: CUB's axis; the predicate keeps 100%, 54% or none of the inputs (selection_check.hpp).

#include <cub/device/device_select.cuh>
#include <cub/device/dispatch/dispatch_select_if.cuh>
#include <cub/device/dispatch/tuning/tuning_select_if.cuh>

#include <policytune/bench.hpp>
#include <policytune/bench/cuda_keyed_inputs.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "selection_check.hpp" // the host-side comparison, unit-tested

#if !TUNE_BASE
#  include <policytune/bench/policy_at.cuh>
using policytune::bench::built_arch;
using policytune::bench::policy_at;

// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture. Parameters as
// cub::detail::select::policy_hub's.
template <class InputT, class FlagT, class OffsetT, bool DistinctPartitions, cub::SelectImpl Impl>
struct policy_hub_t
{
  using cub_policy_t = typename policy_at<
    typename cub::detail::select::policy_hub<InputT, FlagT, OffsetT, DistinctPartitions, Impl>::MaxPolicy,
    built_arch>::type;

  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    using SelectIfPolicyT =
      cub::AgentSelectIfPolicy<TUNE_THREADS_PER_BLOCK,
                               TUNE_ITEMS_PER_THREAD,
                               TUNE_TRANSPOSE ? cub::BLOCK_LOAD_WARP_TRANSPOSE : cub::BLOCK_LOAD_DIRECT,
                               TUNE_LOAD ? cub::LOAD_CA : cub::LOAD_DEFAULT,
                               cub::BLOCK_SCAN_WARP_SCANS,
                               typename cub_policy_t::SelectIfPolicyT::detail::delay_constructor_t>;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

#ifdef TUNE_T
using select_types = nvbench::type_list<TUNE_T>;
#else
using select_types = nvbench::type_list<std::int8_t, std::int16_t, std::int32_t, std::int64_t, float, double>;
#endif

namespace
{
using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

template <class T>
struct less_than
{
  T threshold;
  __host__ __device__ bool operator()(const T& x) const
  {
    return x < threshold;
  }
};

/// The device count and that many items of a device buffer of `capacity`, on the host (none where
/// the count does not fit the buffer: the comparison then reports the count).
template <class T>
policytune::bench::selection::selected<T> copy_back(const T* items, const std::int64_t* count, std::size_t capacity)
{
  policytune::bench::selection::selected<T> result;
  std::int64_t n = 0;
  cuda_check(cudaMemcpy(&n, count, sizeof n, cudaMemcpyDeviceToHost), "cudaMemcpy");
  result.count = n;
  result.items.resize(n > 0 && static_cast<std::uint64_t>(n) <= capacity ? static_cast<std::size_t>(n) : 0);
  cuda_check(cudaMemcpy(result.items.data(), items, result.items.size() * sizeof(T), cudaMemcpyDeviceToHost),
             "cudaMemcpy");
  return result;
}
} // namespace

template <class T>
void select_if(nvbench::state& state, nvbench::type_list<T>)
{
  // What cub::DeviceSelect::If dispatches, so that base is CUB's default.
  using input_it_t  = const T*;
  using flag_it_t   = cub::NullType*;
  using output_it_t = T*;
  using count_it_t  = std::int64_t*;
  using select_op_t = less_than<T>;
  using offset_t    = std::int64_t;
  constexpr auto impl = cub::SelectImpl::Select;
#if TUNE_BASE
  using dispatch_t = cub::DispatchSelectIf<input_it_t, flag_it_t, output_it_t, count_it_t, select_op_t, cub::NullType, offset_t, impl>;
#else
  using hub_t = policy_hub_t<T,
                             cub::NullType,
                             cub::detail::select::per_partition_offset_t,
                             cub::detail::select::is_partition_distinct_output_t<output_it_t>::value,
                             impl>;
  using dispatch_t =
    cub::DispatchSelectIf<input_it_t, flag_it_t, output_it_t, count_it_t, select_op_t, cub::NullType, offset_t, impl, hub_t>;
  using policy_t = typename hub_t::MaxPolicy::SelectIfPolicyT;
  // The tile's items exchanged in shared memory, and a margin for the block scan's storage.
  constexpr std::size_t smem = (policy_t::BLOCK_THREADS * policy_t::ITEMS_PER_THREAD + 1) * sizeof(T) + 1024;
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
    const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
    const select_op_t select_op{
      static_cast<T>(policytune::bench::selection::threshold_for_entropy(state.get_string("Entropy")))};
    device_buffer<T> in(elements);
    device_buffer<T> out(elements);
    device_buffer<T> reference(elements);
    device_buffer<std::int64_t> count(1);
    device_buffer<std::int64_t> reference_count(1);
    policytune::bench::fill_uniform_below<<<1024, 256>>>(in.get(), elements, policytune::bench::selection::value_bound);
    cuda_check(cudaGetLastError(), "fill_uniform_below");

    // The reference: CUB's default policy through the public API.
    const T* input                  = in.get();
    std::size_t reference_temp_size = 0;
    cuda_check(cub::DeviceSelect::If(nullptr, reference_temp_size, input, reference.get(), reference_count.get(),
                                     static_cast<std::int64_t>(elements), select_op),
               "cub::DeviceSelect::If");
    {
      device_buffer<char> reference_temp(reference_temp_size);
      cuda_check(cub::DeviceSelect::If(reference_temp.get(), reference_temp_size, input, reference.get(),
                                       reference_count.get(), static_cast<std::int64_t>(elements), select_op),
                 "cub::DeviceSelect::If");
      cuda_check(cudaDeviceSynchronize(), "cub::DeviceSelect::If");
    }
    const auto expected = copy_back(reference.get(), reference_count.get(), elements);

    std::size_t temp_size = 0;
    cuda_check(dispatch_t::Dispatch(nullptr, temp_size, input, nullptr, out.get(), count.get(), select_op,
                                    cub::NullType{}, static_cast<offset_t>(elements), cudaStream_t{}),
               "DispatchSelectIf");
    device_buffer<char> temp(temp_size);

    state.add_element_count(elements);
    state.add_global_memory_reads<T>(elements, "Size");
    state.add_global_memory_writes<T>(static_cast<std::size_t>(expected.count));
    state.add_global_memory_writes<std::int64_t>(1);

    state.verify_with([&] {
      const auto difference =
        policytune::bench::selection::compare_selection("selected", copy_back(out.get(), count.get(), elements), expected);
      return difference.empty() ? policytune::bench::passed()
                                : policytune::bench::failed(difference + " (against cub::DeviceSelect::If)");
    });
    state.exec(nvbench::exec_tag::gpu | nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
      cuda_check(dispatch_t::Dispatch(temp.get(), temp_size, input, nullptr, out.get(), count.get(), select_op,
                                      cub::NullType{}, static_cast<offset_t>(elements), launch.get_stream()),
                 "DispatchSelectIf");
    });
  }
}

NVBENCH_BENCH_TYPES(select_if, NVBENCH_TYPE_AXES(select_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4))
  .add_string_axis("Entropy", {"1.000", "0.544", "0.000"});
