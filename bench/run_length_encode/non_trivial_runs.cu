// SPDX-License-Identifier: Apache-2.0
// Device-wide non-trivial runs (cub::DeviceRunLengthEncode::NonTrivialRuns, through
// cub::DeviceRleDispatch) with a tunable policy, in CUB's tuning format. The parameters are those of
// CUB's own benchmark (cub/benchmarks/bench/run_length_encode/non_trivial_runs.cu) but for its
// look-back delay, which stays CUB's for the architecture.
//
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_LOAD ld 0:1:1
// %RANGE% TUNE_TIME_SLICING ts 0:1:1
// %TEST% ipt_9.tpb_160.trp_0.ld_1.ts_0
//
// trp: 0 BLOCK_LOAD_DIRECT, 1 BLOCK_LOAD_WARP_TRANSPOSE. ld: 0 LOAD_DEFAULT, 1 LOAD_CA.
// ts: whether the runs are stored with warp time slicing (AgentRlePolicy's STORE_WARP_TIME_SLICING).

#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/dispatch/dispatch_rle.cuh>

#include <cuda/std/functional>

#include <policytune/bench.hpp>
#include <policytune/bench/key_runs.hpp>

#include "runs_check.hpp" // the host side of the verification, unit-tested

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#if !TUNE_BASE
#  include <policytune/bench/policy_at.cuh>
using policytune::bench::built_arch;
using policytune::bench::policy_at;

// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture.
template <class LengthT, class KeyT>
struct policy_hub_t
{
  using cub_policy_t =
    typename policy_at<typename cub::detail::rle::non_trivial_runs::policy_hub<LengthT, KeyT>::MaxPolicy,
                       built_arch>::type;

  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    using RleSweepPolicyT =
      cub::AgentRlePolicy<TUNE_THREADS_PER_BLOCK,
                          TUNE_ITEMS_PER_THREAD,
                          TUNE_TRANSPOSE ? cub::BLOCK_LOAD_WARP_TRANSPOSE : cub::BLOCK_LOAD_DIRECT,
                          TUNE_LOAD ? cub::LOAD_CA : cub::LOAD_DEFAULT,
                          TUNE_TIME_SLICING != 0,
                          cub_policy_t::RleSweepPolicyT::SCAN_ALGORITHM,
                          typename cub_policy_t::RleSweepPolicyT::detail::delay_constructor_t>;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

#ifdef TUNE_T
using key_types = nvbench::type_list<TUNE_T>;
#else
using key_types = nvbench::type_list<std::int8_t, std::int16_t, std::int32_t, std::int64_t, float, double>;
#endif

#ifdef TUNE_LengthT
using length_types = nvbench::type_list<TUNE_LengthT>;
#else
using length_types = nvbench::type_list<std::int32_t>;
#endif

namespace
{
using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

template <class T>
std::vector<T> to_host(const device_buffer<T>& buffer, std::size_t n)
{
  std::vector<T> host(n);
  cuda_check(cudaMemcpy(host.data(), buffer.get(), n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return host;
}
} // namespace

template <class T, class LengthT>
void non_trivial_runs(nvbench::state& state, nvbench::type_list<T, LengthT>)
{
  // What cub::DeviceRunLengthEncode::NonTrivialRuns dispatches for an int item count (CCCL 3.0),
  // so that base is CUB's default.
  using offset_t   = int;
  using equality_t = ::cuda::std::equal_to<>;
#if TUNE_BASE
  using hub_t = cub::detail::rle::non_trivial_runs::policy_hub<LengthT, T>;
#else
  using hub_t = policy_hub_t<LengthT, T>;
  if (policytune::bench::skip_unless_launchable(state, hub_t::policy_t::RleSweepPolicyT::BLOCK_THREADS, 0))
  {
    return;
  }
#endif
  using dispatch_t = cub::DeviceRleDispatch<const T*, offset_t*, LengthT*, offset_t*, equality_t, offset_t, hub_t>;

  const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  const auto max_run  = static_cast<std::uint64_t>(state.get_int64("MaxSegSize"));
  device_buffer<T> in(elements);
  device_buffer<offset_t> offsets(elements);
  device_buffer<LengthT> lengths(elements);
  device_buffer<offset_t> num_runs(1);
  device_buffer<offset_t> cub_offsets(elements);
  device_buffer<LengthT> cub_lengths(elements);
  device_buffer<offset_t> cub_num_runs(1);
  policytune::bench::key_runs::fill<<<1024, 256>>>(in.get(), elements, max_run);
  cuda_check(cudaGetLastError(), "key_runs::fill");

  // The reference: CUB's default policy through the public API.
  std::size_t reference_temp_size = 0;
  cuda_check(cub::DeviceRunLengthEncode::NonTrivialRuns(nullptr, reference_temp_size, in.get(), cub_offsets.get(),
                                                        cub_lengths.get(), cub_num_runs.get(), static_cast<int>(elements)),
             "cub::DeviceRunLengthEncode::NonTrivialRuns");
  {
    device_buffer<char> reference_temp(reference_temp_size);
    cuda_check(cub::DeviceRunLengthEncode::NonTrivialRuns(reference_temp.get(), reference_temp_size, in.get(),
                                                          cub_offsets.get(), cub_lengths.get(), cub_num_runs.get(),
                                                          static_cast<int>(elements)),
               "cub::DeviceRunLengthEncode::NonTrivialRuns");
    cuda_check(cudaDeviceSynchronize(), "cub::DeviceRunLengthEncode::NonTrivialRuns");
  }
  const offset_t runs = to_host(cub_num_runs, 1)[0];

  const T* input        = in.get();
  std::size_t temp_size = 0;
  cuda_check(dispatch_t::Dispatch(nullptr, temp_size, input, offsets.get(), lengths.get(), num_runs.get(), equality_t{},
                                  static_cast<offset_t>(elements), cudaStream_t{}),
             "DeviceRleDispatch");
  device_buffer<char> temp(temp_size);

  state.add_element_count(elements);
  state.add_global_memory_reads<T>(elements, "Size");
  state.add_global_memory_writes<offset_t>(static_cast<std::size_t>(runs));
  state.add_global_memory_writes<LengthT>(static_cast<std::size_t>(runs));
  state.add_global_memory_writes<offset_t>(1);

  // The non-trivial runs the input has, then CUB's answer, element for element.
  state.verify_with([&] {
    const long long found = to_host(num_runs, 1)[0];
    auto result           = policytune::bench::run_length::check_non_trivial_runs(
      to_host(in, elements), to_host(offsets, elements), to_host(lengths, elements), found);
    if (!result.passed)
    {
      return result;
    }
    const auto n = static_cast<std::size_t>(found);
    return policytune::bench::run_length::same_as_cub(
      "cub::DeviceRunLengthEncode::NonTrivialRuns", found, runs, to_host(offsets, n), to_host(cub_offsets, n),
      to_host(lengths, n), to_host(cub_lengths, n));
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
    cuda_check(dispatch_t::Dispatch(temp.get(), temp_size, input, offsets.get(), lengths.get(), num_runs.get(),
                                    equality_t{}, static_cast<offset_t>(elements), launch.get_stream()),
               "DeviceRleDispatch");
  });
}

NVBENCH_BENCH_TYPES(non_trivial_runs, NVBENCH_TYPE_AXES(key_types, length_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}", "LengthT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4))
  .add_int64_power_of_two_axis("MaxSegSize", {1, 4, 8});
