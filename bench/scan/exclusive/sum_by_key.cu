// SPDX-License-Identifier: Apache-2.0
// Device-wide exclusive prefix sum by key (cub::DispatchScanByKey) with a tunable policy, in CUB's
// tuning format. The parameters are those of CUB's own benchmark (cub/benchmarks/bench/scan/exclusive/
// by_key.cu) but for its look-back delay, which stays CUB's for the architecture, as in
// bench/scan/exclusive/sum.cu.
//
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_LOAD ld 0:1:1
// %TEST% ipt_11.tpb_224.trp_0.ld_1
//
// trp: 0 BLOCK_LOAD_DIRECT / BLOCK_STORE_DIRECT, 1 BLOCK_LOAD_WARP_TRANSPOSE / BLOCK_STORE_WARP_TRANSPOSE.
// ld:  0 LOAD_DEFAULT, 1 LOAD_CA.

#include <cub/device/device_scan.cuh>
#include <cub/device/dispatch/dispatch_scan_by_key.cuh>
#include <cub/device/dispatch/tuning/tuning_scan_by_key.cuh>

#include <cuda/std/functional>

#include <policytune/bench.hpp>
#include <policytune/bench/key_runs.hpp>

#include "sum_by_key_check.hpp" // the host side of the verification, unit-tested

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#if !TUNE_BASE
#  include <policytune/bench/policy_at.cuh>
using policytune::bench::built_arch;
using policytune::bench::policy_at;

// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture. The scan
// algorithm and delay constructor are CUB's for the architecture built for.
template <class KeyT, class AccumT, class ValueT, class ScanOpT>
struct policy_hub_t
{
  using cub_policy_t = typename policy_at<
    typename cub::detail::scan_by_key::policy_hub<const KeyT*, AccumT, ValueT, ScanOpT>::MaxPolicy,
    built_arch>::type;

  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    using ScanByKeyPolicyT = cub::AgentScanByKeyPolicy<
      TUNE_THREADS_PER_BLOCK,
      TUNE_ITEMS_PER_THREAD,
      TUNE_TRANSPOSE ? cub::BLOCK_LOAD_WARP_TRANSPOSE : cub::BLOCK_LOAD_DIRECT,
      TUNE_LOAD ? cub::LOAD_CA : cub::LOAD_DEFAULT,
      cub_policy_t::ScanByKeyPolicyT::SCAN_ALGORITHM,
      TUNE_TRANSPOSE ? cub::BLOCK_STORE_WARP_TRANSPOSE : cub::BLOCK_STORE_DIRECT,
      typename cub_policy_t::ScanByKeyPolicyT::detail::delay_constructor_t>;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

#ifdef TUNE_KeyT
using key_types = nvbench::type_list<TUNE_KeyT>;
#else
using key_types = nvbench::type_list<std::int8_t, std::int32_t, std::int64_t>;
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

// Runs of up to 2048 equal keys (CUB's benchmark: up to 5200).
constexpr std::uint64_t max_run = 2048;

template <class T>
std::vector<T> to_host(const device_buffer<T>& buffer, std::size_t n)
{
  std::vector<T> host(n);
  cuda_check(cudaMemcpy(host.data(), buffer.get(), n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return host;
}
} // namespace

template <class KeyT, class ValueT>
void sum_by_key(nvbench::state& state, nvbench::type_list<KeyT, ValueT>)
{
  // What cub::DeviceScan::ExclusiveSumByKey dispatches for an int item count, so that base is CUB's
  // default. Its hub takes the keys' iterator but reads only their value type.
  using op_t       = ::cuda::std::plus<>;
  using equality_t = ::cuda::std::equal_to<>;
  using offset_t   = cub::detail::choose_offset_t<int>;
  using accum_t    = ::cuda::std::__accumulator_t<op_t, ValueT, ValueT>;
#if TUNE_BASE
  using dispatch_t = cub::DispatchScanByKey<const KeyT*, const ValueT*, ValueT*, equality_t, op_t, ValueT, offset_t>;
#else
  using hub_t = policy_hub_t<KeyT, accum_t, ValueT, op_t>;
  using dispatch_t =
    cub::DispatchScanByKey<const KeyT*, const ValueT*, ValueT*, equality_t, op_t, ValueT, offset_t, accum_t, hub_t>;
  if (policytune::bench::skip_unless_launchable(state, hub_t::policy_t::ScanByKeyPolicyT::BLOCK_THREADS, 0))
  {
    return;
  }
#endif

  const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  device_buffer<KeyT> keys(elements);
  device_buffer<ValueT> in(elements);
  device_buffer<ValueT> out(elements);
  device_buffer<ValueT> reference(elements);
  policytune::bench::key_runs::fill<<<1024, 256>>>(keys.get(), elements, max_run);
  cuda_check(cudaGetLastError(), "key_runs::fill");
  // Values in {-1, 0, 1}: every sum is exact in any order, so results compare exactly.
  policytune::bench::fill_signed_units<<<1024, 256>>>(in.get(), elements);
  cuda_check(cudaGetLastError(), "fill_signed_units");

  // The reference: CUB's default policy through the public API.
  std::size_t reference_temp_size = 0;
  cuda_check(cub::DeviceScan::ExclusiveSumByKey(
               nullptr, reference_temp_size, keys.get(), in.get(), reference.get(), static_cast<int>(elements)),
             "cub::DeviceScan::ExclusiveSumByKey");
  {
    device_buffer<char> reference_temp(reference_temp_size);
    cuda_check(cub::DeviceScan::ExclusiveSumByKey(
                 reference_temp.get(), reference_temp_size, keys.get(), in.get(), reference.get(), static_cast<int>(elements)),
               "cub::DeviceScan::ExclusiveSumByKey");
    cuda_check(cudaDeviceSynchronize(), "cub::DeviceScan::ExclusiveSumByKey");
  }

  const KeyT* keys_in     = keys.get();
  const ValueT* values_in = in.get();
  std::size_t temp_size   = 0;
  cuda_check(dispatch_t::Dispatch(nullptr, temp_size, keys_in, values_in, out.get(), equality_t{}, op_t{}, ValueT{},
                                  static_cast<offset_t>(elements), cudaStream_t{}),
             "DispatchScanByKey");
  device_buffer<char> temp(temp_size);

  state.add_element_count(elements);
  state.add_global_memory_reads<KeyT>(elements, "Keys");
  state.add_global_memory_reads<ValueT>(elements, "Values");
  state.add_global_memory_writes<ValueT>(elements);

  state.verify_with([&] {
    return policytune::bench::scan_by_key::check(
      to_host(keys, elements), to_host(in, elements), to_host(out, elements), to_host(reference, elements));
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
    cuda_check(dispatch_t::Dispatch(temp.get(), temp_size, keys_in, values_in, out.get(), equality_t{}, op_t{}, ValueT{},
                                    static_cast<offset_t>(elements), launch.get_stream()),
               "DispatchScanByKey");
  });
}

NVBENCH_BENCH_TYPES(sum_by_key, NVBENCH_TYPE_AXES(key_types, value_types))
  .set_name("base")
  .set_type_axes_names({"KeyT{ct}", "ValueT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4));
