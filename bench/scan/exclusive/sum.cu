// SPDX-License-Identifier: Apache-2.0
// Device-wide exclusive prefix sum (cub::DispatchScan) with a tunable policy, in CUB's tuning format.
//
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_LOAD ld 0:1:1
// %TEST% ipt_15.tpb_256.trp_1.ld_0
//
// ipt and tpb are CUB's nominal 4-byte values: cub::detail::MemBoundScaling scales them for the
// accumulator type (8-byte types get half the items), as in CUB's own scan policies.
// trp: 0 BLOCK_LOAD_DIRECT / BLOCK_STORE_DIRECT, 1 BLOCK_LOAD_WARP_TRANSPOSE / BLOCK_STORE_WARP_TRANSPOSE.
// ld:  0 LOAD_DEFAULT, 1 LOAD_CA.

#include <cub/agent/agent_scan.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/dispatch/dispatch_scan.cuh>
#include <cub/device/dispatch/tuning/tuning_scan.cuh>

#include <cuda/std/functional>

#include <policytune/bench.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#if !TUNE_BASE
#  ifndef __CUDA_ARCH_LIST__
#    error "build with nvcc 11.5 or newer, which defines __CUDA_ARCH_LIST__"
#  endif

namespace
{
// The link of a cub::ChainedPolicy chain that Invoke picks for `Arch`.
template <int Version, class Policy, class Previous>
Previous previous_link(const cub::ChainedPolicy<Version, Policy, Previous>*);
template <int Version, class Policy, class Previous>
constexpr int link_version(const cub::ChainedPolicy<Version, Policy, Previous>*)
{
  return Version;
}

template <class Link, int Arch>
struct policy_at
{
  using previous = decltype(previous_link(static_cast<Link*>(nullptr)));
  using type     = typename std::conditional_t<(link_version(static_cast<Link*>(nullptr)) <= Arch)
                                             || std::is_same_v<previous, Link>,
                                               std::type_identity<Link>,
                                               policy_at<previous, Arch>>::type;
};

// The architecture the variant is built for (the newest, if several): the driver builds for the
// device it measures, and a rendered hub's link for that architecture uses the same CUB policy.
constexpr int built_arch = [] {
  int newest = 0;
  for (int arch : {__CUDA_ARCH_LIST__})
  {
    newest = arch > newest ? arch : newest;
  }
  return newest;
}();
} // namespace

// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture. Parameters as
// cub::detail::scan::policy_hub's.
template <class InputValueT, class OutputValueT, class AccumT, class OffsetT, class ScanOpT>
struct policy_hub_t
{
  // CUB's own policy for this workload on the architecture built for.
  using cub_policy_t = typename policy_at<
    typename cub::detail::scan::policy_hub<InputValueT, OutputValueT, AccumT, OffsetT, ScanOpT>::MaxPolicy,
    built_arch>::type;

  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    static constexpr int threads_per_block = TUNE_THREADS_PER_BLOCK;
    static constexpr int items_per_thread  = TUNE_ITEMS_PER_THREAD;
    static constexpr cub::BlockLoadAlgorithm load_algorithm =
      TUNE_TRANSPOSE ? cub::BLOCK_LOAD_WARP_TRANSPOSE : cub::BLOCK_LOAD_DIRECT;
    static constexpr cub::BlockStoreAlgorithm store_algorithm =
      TUNE_TRANSPOSE ? cub::BLOCK_STORE_WARP_TRANSPOSE : cub::BLOCK_STORE_DIRECT;
    static constexpr cub::CacheLoadModifier load_modifier = TUNE_LOAD ? cub::LOAD_CA : cub::LOAD_DEFAULT;

    // Not tuned here, so CUB's default for the accumulator type and architecture: its block scan
    // algorithm and look-back delay constructor (sm_80/sm_90 use per-size fixed delays, not the
    // AgentScanPolicy default), and its MemBoundScaling.
    using ScanPolicyT =
      cub::AgentScanPolicy<threads_per_block,
                           items_per_thread,
                           AccumT,
                           load_algorithm,
                           load_modifier,
                           store_algorithm,
                           cub_policy_t::ScanPolicyT::SCAN_ALGORITHM,
                           cub::detail::MemBoundScaling<threads_per_block, items_per_thread, AccumT>,
                           typename cub_policy_t::ScanPolicyT::detail::delay_constructor_t>;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

#ifdef TUNE_T
using value_types = nvbench::type_list<TUNE_T>;
#else
using value_types = nvbench::type_list<std::int32_t, std::int64_t, float, double>;
#endif

// The offsets cub::DeviceScan picks: uint32_t for an int item count, unsigned long long (U64) for int64.
#ifdef TUNE_OffsetT
using scan_offset_types = nvbench::type_list<TUNE_OffsetT>;
#else
using scan_offset_types =
  nvbench::type_list<cub::detail::choose_offset_t<std::int32_t>, cub::detail::choose_offset_t<std::int64_t>>;
#endif

namespace
{
using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

struct mismatches
{
  unsigned long long count;
  unsigned long long first; // ~0 when none
};

/// Compares on the device, so that only the count (and the first bad index) comes back.
template <class T>
__global__ void count_mismatches(const T* actual, const T* expected, std::size_t n, mismatches* result)
{
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  unsigned long long count = 0;
  unsigned long long first = ~0ull;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    if (!(actual[i] == expected[i]))
    {
      first = count == 0 ? i : first;
      ++count;
    }
  }
  if (count != 0)
  {
    atomicAdd(&result->count, count);
    atomicMin(&result->first, first);
  }
}

template <class T, class OffsetT, class Dispatch>
void measure(nvbench::state& state)
{
  using op_t   = ::cuda::std::plus<>;
  using init_t = cub::detail::InputValue<T>;
  // The item count for which cub::DeviceScan::ExclusiveSum picks OffsetT.
  using num_items_t = std::conditional_t<sizeof(OffsetT) == 4, std::int32_t, std::int64_t>;

  const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  device_buffer<T> in(elements);
  device_buffer<T> out(elements);
  device_buffer<T> reference(elements);
  device_buffer<mismatches> report(1);
  // Values in {-1, 0, 1}: every sum is exact in any order, so results compare exactly.
  policytune::bench::fill_signed_units<<<1024, 256>>>(in.get(), elements);
  cuda_check(cudaGetLastError(), "fill_signed_units");

  // The reference: CUB's default policy through the public API.
  const T* input                  = in.get(); // const: the very DispatchScan that base runs
  std::size_t reference_temp_size = 0;
  cuda_check(cub::DeviceScan::ExclusiveSum(
          nullptr, reference_temp_size, input, reference.get(), static_cast<num_items_t>(elements)),
        "cub::DeviceScan::ExclusiveSum");
  {
    device_buffer<char> reference_temp(reference_temp_size);
    cuda_check(cub::DeviceScan::ExclusiveSum(
            reference_temp.get(), reference_temp_size, input, reference.get(), static_cast<num_items_t>(elements)),
          "cub::DeviceScan::ExclusiveSum");
    cuda_check(cudaDeviceSynchronize(), "cub::DeviceScan::ExclusiveSum");
  }

  std::size_t temp_size = 0;
  cuda_check(Dispatch::Dispatch(
          nullptr, temp_size, input, out.get(), op_t{}, init_t{T{}}, static_cast<OffsetT>(elements), cudaStream_t{}),
        "DispatchScan");
  device_buffer<char> temp(temp_size);

  state.add_element_count(elements);
  state.add_global_memory_reads<T>(elements, "Size");
  state.add_global_memory_writes<T>(elements);

  // Exact for every type: the input keeps all partial sums small integers.
  state.verify_with([&] {
    const mismatches none{0, ~0ull};
    cuda_check(cudaMemcpy(report.get(), &none, sizeof none, cudaMemcpyHostToDevice), "cudaMemcpy");
    count_mismatches<<<1024, 256>>>(out.get(), reference.get(), elements, report.get());
    cuda_check(cudaGetLastError(), "count_mismatches");
    mismatches found{};
    cuda_check(cudaMemcpy(&found, report.get(), sizeof found, cudaMemcpyDeviceToHost), "cudaMemcpy");
    if (found.count == 0)
    {
      return policytune::bench::passed();
    }
    T actual{}, expected{};
    cuda_check(cudaMemcpy(&actual, out.get() + found.first, sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
    cuda_check(cudaMemcpy(&expected, reference.get() + found.first, sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
    auto result   = policytune::bench::expect_equal(actual, expected);
    result.detail = "element " + std::to_string(found.first) + ": " + result.detail + " ("
                  + std::to_string(found.count) + " of " + std::to_string(elements) + " elements differ)";
    result.passed = false;
    return result;
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
    cuda_check(Dispatch::Dispatch(temp.get(),
                             temp_size,
                             input,
                             out.get(),
                             op_t{},
                             init_t{T{}},
                             static_cast<OffsetT>(elements),
                             launch.get_stream()),
          "DispatchScan");
  });
}
} // namespace

template <class T, class OffsetT>
void sum(nvbench::state& state, nvbench::type_list<T, OffsetT>)
{
  // What cub::DeviceScan::ExclusiveSum dispatches, so that base is CUB's default.
  using op_t        = ::cuda::std::plus<>;
  using init_t      = cub::detail::InputValue<T>;
  using accum_t     = ::cuda::std::__accumulator_t<op_t, T, T>;
  using input_it_t  = const T*;
  using output_it_t = T*;
  using offset_t    = OffsetT;
  static_assert(std::is_same_v<offset_t, cub::detail::choose_offset_t<std::int32_t>>
                  || std::is_same_v<offset_t, cub::detail::choose_offset_t<std::int64_t>>,
                "OffsetT{ct} must be an offset cub::DeviceScan picks: U32 (uint32_t) or U64 (unsigned long long)");
  using base_dispatch_t = cub::DispatchScan<input_it_t, output_it_t, op_t, init_t, offset_t>;
  static_assert(
    std::is_same_v<base_dispatch_t, cub::DispatchScan<input_it_t, output_it_t, op_t, init_t, offset_t, accum_t>>,
    "accum_t must be DispatchScan's default accumulator");

#if TUNE_BASE
  measure<T, offset_t, base_dispatch_t>(state);
#else
  using hub_t         = policy_hub_t<T, T, accum_t, offset_t, op_t>;
  using scan_policy_t = typename hub_t::MaxPolicy::ScanPolicyT;
  using dispatch_t =
    cub::DispatchScan<input_it_t, output_it_t, op_t, init_t, offset_t, accum_t, cub::ForceInclusive::No, hub_t>;
  // The agent DeviceScanKernel runs (its init value type is InputValue's value_type).
  using agent_t =
    cub::detail::scan::AgentScan<scan_policy_t, input_it_t, output_it_t, op_t, T, offset_t, accum_t, false>;
  constexpr std::size_t smem = sizeof(typename agent_t::TempStorage);
  if constexpr (!policytune::bench::fits_static_shared_memory(smem))
  {
    // Never instantiate the kernel: ptxas would reject it.
    state.skip(policytune::bench::static_shared_memory_reason(smem));
  }
  else if (!policytune::bench::skip_unless_launchable(state, scan_policy_t::BLOCK_THREADS, smem))
  {
    measure<T, offset_t, dispatch_t>(state);
  }
#endif
}

NVBENCH_BENCH_TYPES(sum, NVBENCH_TYPE_AXES(value_types, scan_offset_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}", "OffsetT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4));
