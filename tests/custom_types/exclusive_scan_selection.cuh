// SPDX-License-Identifier: Apache-2.0
// Which policy policytune::device_exclusive_scan's hub gives a user's type, checked on the host (no GPU
// needed: cub::ChainedPolicy::Invoke picks a link for a PTX version), and that the hub is registered
// for exactly its type and operator. The hub was rendered in test mode by tune_algorithm(vec3_scan
// ALGORITHM exclusive_scan TYPE geometry::vec3 OPERATOR geometry::vec3_plus).
#pragma once

#include "selection_support.cuh"

#include <cub/device/dispatch/tuning/tuning_scan.cuh>

#include <cuda/functional>


#include "vec3_scan.cuh"
// The chained hubs, which the registration hands over up to CCCL 3.4 only (from 3.5 its selector):
// the checks read them on every release.
#if !CUSTOM_SELECTION_CALLS_ONLY
#  include "vec3_scan_hub.cuh"
#endif
#include <policytune/device_scan.cuh>

namespace exclusive_scan_check
{
using policytune::algorithms::exclusive_scan;
using policytune::detail::has_custom_hub;

struct vec3_times
{
  __host__ __device__ geometry::vec3 operator()(const geometry::vec3& a, const geometry::vec3& b) const
  {
    return {a.x * b.x, a.y * b.y, a.z * b.z};
  }
};

// Registered for exactly the algorithm, type and operator the call named.
static_assert(has_custom_hub<exclusive_scan, geometry::vec3, geometry::vec3_plus>);
static_assert(!has_custom_hub<exclusive_scan, geometry::vec3, vec3_times>);
static_assert(!has_custom_hub<exclusive_scan, float, geometry::vec3_plus>);
static_assert(!has_custom_hub<exclusive_scan, float, ::cuda::std::plus<>>);
static_assert(!has_custom_hub<policytune::algorithms::select_if, geometry::vec3, geometry::vec3_plus>);

using custom_selection::expect;
using custom_selection::Knobs;
struct knobs_of
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::ScanPolicyT;
    return Knobs{p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER, p::STORE_ALGORITHM};
  }
};
template <class Hub>
Knobs select(int ptx_version)
{
  return custom_selection::select<Hub, knobs_of>(ptx_version);
}

#if CUSTOM_SELECTION_CALLS
// The API's three paths, compiled (run on a GPU by the example): the registered hub, the exclusive
// sum's hub, CUB's own call.
[[maybe_unused]] cudaError_t scan_each_way(void* temp, std::size_t& bytes, int n)
{
  const geometry::vec3* vectors = nullptr;
  geometry::vec3* vector_sums   = nullptr;
  const float* values           = nullptr;
  float* results                = nullptr;
  cudaError_t error =
    policytune::device_exclusive_scan(temp, bytes, vectors, vector_sums, geometry::vec3_plus{}, geometry::vec3{}, n);
  if (error == cudaSuccess)
  {
    error = policytune::device_exclusive_scan(temp, bytes, values, results, ::cuda::std::plus<>{}, 0.0f, n);
  }
  if (error == cudaSuccess)
  {
    error = policytune::device_exclusive_scan(temp, bytes, values, results, ::cuda::maximum<>{}, 0.0f, n);
  }
#  if CUB_VERSION >= 300500
  // The environment overloads: the registered selector, CUB's own call.
  if (error == cudaSuccess)
  {
    error = policytune::device_exclusive_scan(vectors, vector_sums, geometry::vec3_plus{}, geometry::vec3{}, n);
  }
  if (error == cudaSuccess)
  {
    error = policytune::device_exclusive_scan(values, results, ::cuda::std::plus<>{}, 0.0f, n);
  }
#  endif
  return error;
}
#endif

#if !CUSTOM_SELECTION_CALLS_ONLY
void run()
{
  using registered = policytune::custom_hub<exclusive_scan, geometry::vec3, geometry::vec3_plus>;
  using vec3       = geometry::vec3;
  using op         = geometry::vec3_plus;
  // %TEST% ipt_15.tpb_256.trp_1.ld_0 of bench/custom/exclusive_scan.cu.in, as MemBoundScaling scales it for 12 bytes.
  using test_policy = cub::AgentScanPolicy<256, 15, vec3, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_DEFAULT,
                                           cub::BLOCK_STORE_WARP_TRANSPOSE, cub::BLOCK_SCAN_WARP_SCANS>;
  const Knobs test{test_policy::BLOCK_THREADS, test_policy::ITEMS_PER_THREAD, test_policy::LOAD_ALGORITHM,
                   test_policy::LOAD_MODIFIER, test_policy::STORE_ALGORITHM};
  // The types device_exclusive_scan passes for an int count: input, output, accumulator vec3, offset unsigned.
  using tuned_hub = ::geometry::scan_tuning::policy_hub<vec3, vec3, vec3, unsigned, op, 0>;
#if CUB_VERSION < 300500
  static_assert(::cuda::std::is_same_v<registered::hub<vec3, vec3, vec3, unsigned, op, 0>, tuned_hub>,
                "the registration hands over this hub");
#endif
  using cub_hub   = cub::detail::scan::policy_hub<vec3, vec3, vec3, unsigned, op>;
  expect("vec3 with 32-bit offsets: the test variant", 900, select<tuned_hub>(900), test);
  expect("vec3 below sm_80: CUB's", 750, select<tuned_hub>(750), select<cub_hub>(750));
  // Test mode gives every workload of sm_80 and sm_90 the %TEST% variant: 64-bit offsets too.
  using wide_hub = ::geometry::scan_tuning::policy_hub<vec3, vec3, vec3, unsigned long long, op, 0>;
  expect("vec3 with 64-bit offsets: the test variant", 900, select<wide_hub>(900), test);
  expect("vec3 with 64-bit offsets below sm_80: CUB's", 750, select<wide_hub>(750),
         select<cub::detail::scan::policy_hub<vec3, vec3, vec3, unsigned long long, op>>(750));
#if CUB_VERSION >= 300500
  // From 3.5 the registration carries the same winners as a policy selector, for the API's tuning
  // environment: the test variant on sm_90, CUB's own selector's policy below sm_80.
  static_assert(policytune::detail::has_custom_selector<exclusive_scan, vec3, op>);
  static_assert(!policytune::detail::has_custom_selector<exclusive_scan, vec3, vec3_times>);
  using tuned_selector = registered::selector<const vec3*, vec3*, vec3, unsigned, op, 0>;
  using cub_selector   = cub::detail::scan::policy_selector_from_types<const vec3*, vec3*, vec3, unsigned, op>;
  const auto selector_knobs = [](auto selector, int major) {
    const auto policy = selector(::cuda::compute_capability(major, 0)).lookback;
    return Knobs{policy.threads_per_block, policy.items_per_thread, policy.load_algorithm, policy.load_modifier,
                 policy.store_algorithm};
  };
  expect("vec3 selector: the test variant", 900, selector_knobs(tuned_selector{}, 9), test);
  expect("vec3 selector below sm_80: CUB's", 750, selector_knobs(tuned_selector{}, 7), selector_knobs(cub_selector{}, 7));
  // What the selector keeps of CUB's policy for the architecture: the block scan and the delay.
  const auto tuned_policy = tuned_selector{}(::cuda::compute_capability(9, 0));
  const auto cub_policy   = cub_selector{}(::cuda::compute_capability(9, 0));
  expect("vec3 selector: CUB's block scan and look-back delay kept",
         900,
         Knobs{tuned_policy.lookback.scan_algorithm, tuned_policy.lookback.lookback_delay.delay},
         Knobs{cub_policy.lookback.scan_algorithm, cub_policy.lookback.lookback_delay.delay});
#endif
  custom_selection::expect_differs("the exclusive_scan test variant", test, select<cub_hub>(900));
}
#endif
} // namespace exclusive_scan_check
