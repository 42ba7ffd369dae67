// SPDX-License-Identifier: Apache-2.0
// Device-wide three-way partition (cub::DispatchThreeWayPartitionIf, as cub::DevicePartition::If with
// two predicates calls it) with a tunable policy, in CUB's tuning format.
//
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %TEST% trp_1.ipt_13.tpb_352
//
// The knobs of CUB's own benchmark (cub/benchmarks/bench/partition/three_way.cu) but its look-back
// delay (ns, dcid, l2w): the delay constructor stays that of CUB's policy for the architecture built
// for. trp: 0 BLOCK_LOAD_DIRECT, 1 BLOCK_LOAD_WARP_TRANSPOSE; loads are LOAD_DEFAULT, as in CUB's
// tunings. ipt counts items of T.
// Entropy: CUB's axis name; with t the threshold it gives (selection_check.hpp), the first part is
// x < t/2 and the second t/2 <= x < t: 50/50/0%, 27/27/46% or 0/0/100% of the input.

#include <cub/device/device_partition.cuh>
#include <cub/device/dispatch/dispatch_three_way_partition.cuh>
#include <cub/device/dispatch/tuning/tuning_three_way_partition.cuh>

#include <policytune/bench.hpp>
#include <policytune/bench/cuda_keyed_inputs.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "../select/selection_check.hpp" // the host-side comparison, unit-tested

#if !TUNE_BASE
#  include <policytune/bench/policy_at.cuh>
using policytune::bench::built_arch;
using policytune::bench::policy_at;

// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture. Parameters as
// cub::detail::three_way_partition::policy_hub's.
template <class InputT, class OffsetT>
struct policy_hub_t
{
  using cub_policy_t =
    typename policy_at<typename cub::detail::three_way_partition::policy_hub<InputT, OffsetT>::MaxPolicy, built_arch>::type;

  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    using ThreeWayPartitionPolicy = cub::AgentThreeWayPartitionPolicy<
      TUNE_THREADS_PER_BLOCK,
      TUNE_ITEMS_PER_THREAD,
      TUNE_TRANSPOSE ? cub::BLOCK_LOAD_WARP_TRANSPOSE : cub::BLOCK_LOAD_DIRECT,
      cub::LOAD_DEFAULT,
      cub::BLOCK_SCAN_WARP_SCANS,
      typename cub_policy_t::ThreeWayPartitionPolicy::detail::delay_constructor_t>;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

#ifdef TUNE_T
using partition_types = nvbench::type_list<TUNE_T>;
#else
using partition_types = nvbench::type_list<std::int8_t, std::int16_t, std::int32_t, std::int64_t, float, double>;
#endif

namespace
{
using policytune::bench::cuda_check;
using policytune::bench::device_buffer;
using policytune::bench::selection::selected;

template <class T>
struct less_than
{
  T threshold;
  __host__ __device__ bool operator()(const T& x) const
  {
    return x < threshold;
  }
};

/// The three parts on the host: the first two counts from the device, the rest is unselected.
template <class T>
void copy_back(const T* const (&parts)[3], const std::int64_t* counts, std::size_t elements, selected<T> (&out)[3])
{
  std::int64_t n[2] = {};
  cuda_check(cudaMemcpy(n, counts, sizeof n, cudaMemcpyDeviceToHost), "cudaMemcpy");
  out[0].count = n[0];
  out[1].count = n[1];
  out[2].count = static_cast<long long>(elements) - n[0] - n[1];
  for (int part = 0; part < 3; ++part)
  {
    const long long count = out[part].count;
    out[part].items.resize(count > 0 && count <= static_cast<long long>(elements) ? static_cast<std::size_t>(count) : 0);
    cuda_check(cudaMemcpy(out[part].items.data(), parts[part], out[part].items.size() * sizeof(T), cudaMemcpyDeviceToHost),
               "cudaMemcpy");
  }
}
} // namespace

template <class T>
void three_way(nvbench::state& state, nvbench::type_list<T>)
{
  // What cub::DevicePartition::If dispatches for an int64_t item count, so that base is CUB's default.
  using input_it_t  = const T*;
  using output_it_t = T*;
  using count_it_t  = std::int64_t*;
  using op_t        = less_than<T>;
  using offset_t    = cub::detail::choose_signed_offset<std::int64_t>::type;
#if TUNE_BASE
  using dispatch_t =
    cub::DispatchThreeWayPartitionIf<input_it_t, output_it_t, output_it_t, output_it_t, count_it_t, op_t, op_t, offset_t>;
#else
  using hub_t = policy_hub_t<T, cub::detail::three_way_partition::per_partition_offset_t>;
  using dispatch_t = cub::
    DispatchThreeWayPartitionIf<input_it_t, output_it_t, output_it_t, output_it_t, count_it_t, op_t, op_t, offset_t, hub_t>;
  using policy_t = typename hub_t::MaxPolicy::ThreeWayPartitionPolicy;
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
    const int threshold = policytune::bench::selection::threshold_for_entropy(state.get_string("Entropy"));
    const op_t first_op{static_cast<T>(threshold / 2)};
    const op_t second_op{static_cast<T>(threshold)};
    device_buffer<T> in(elements);
    device_buffer<T> out[3]       = {device_buffer<T>(elements), device_buffer<T>(elements), device_buffer<T>(elements)};
    device_buffer<T> reference[3] = {device_buffer<T>(elements), device_buffer<T>(elements), device_buffer<T>(elements)};
    device_buffer<std::int64_t> counts(2);
    device_buffer<std::int64_t> reference_counts(2);
    policytune::bench::fill_uniform_below<<<1024, 256>>>(in.get(), elements, policytune::bench::selection::value_bound);
    cuda_check(cudaGetLastError(), "fill_uniform_below");

    // The reference: CUB's default policy through the public API.
    const T* input                  = in.get();
    std::size_t reference_temp_size = 0;
    cuda_check(cub::DevicePartition::If(nullptr, reference_temp_size, input, reference[0].get(), reference[1].get(),
                                        reference[2].get(), reference_counts.get(), static_cast<std::int64_t>(elements),
                                        first_op, second_op),
               "cub::DevicePartition::If");
    {
      device_buffer<char> reference_temp(reference_temp_size);
      cuda_check(cub::DevicePartition::If(reference_temp.get(), reference_temp_size, input, reference[0].get(),
                                          reference[1].get(), reference[2].get(), reference_counts.get(),
                                          static_cast<std::int64_t>(elements), first_op, second_op),
                 "cub::DevicePartition::If");
      cuda_check(cudaDeviceSynchronize(), "cub::DevicePartition::If");
    }
    selected<T> expected[3];
    const T* const reference_parts[3] = {reference[0].get(), reference[1].get(), reference[2].get()};
    copy_back(reference_parts, reference_counts.get(), elements, expected);

    std::size_t temp_size = 0;
    cuda_check(dispatch_t::Dispatch(nullptr, temp_size, input, out[0].get(), out[1].get(), out[2].get(), counts.get(),
                                    first_op, second_op, static_cast<offset_t>(elements), cudaStream_t{}),
               "DispatchThreeWayPartitionIf");
    device_buffer<char> temp(temp_size);

    state.add_element_count(elements);
    state.add_global_memory_reads<T>(elements, "Size");
    state.add_global_memory_writes<T>(elements);
    state.add_global_memory_writes<std::int64_t>(2);

    state.verify_with([&] {
      selected<T> actual[3];
      const T* const parts[3] = {out[0].get(), out[1].get(), out[2].get()};
      copy_back(parts, counts.get(), elements, actual);
      const auto difference = policytune::bench::selection::compare_three_way(actual, expected);
      return difference.empty() ? policytune::bench::passed()
                                : policytune::bench::failed(difference + " (against cub::DevicePartition::If)");
    });
    state.exec(nvbench::exec_tag::gpu | nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
      cuda_check(dispatch_t::Dispatch(temp.get(), temp_size, input, out[0].get(), out[1].get(), out[2].get(),
                                      counts.get(), first_op, second_op, static_cast<offset_t>(elements),
                                      launch.get_stream()),
                 "DispatchThreeWayPartitionIf");
    });
  }
}

NVBENCH_BENCH_TYPES(three_way, NVBENCH_TYPE_AXES(partition_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4))
  .add_string_axis("Entropy", {"1.000", "0.544", "0.000"});
