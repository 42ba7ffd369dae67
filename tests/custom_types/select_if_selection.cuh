// SPDX-License-Identifier: Apache-2.0
// Which policy policytune::device_select_if's hub gives a user's item type and predicate, checked on
// the host (cub::ChainedPolicy::Invoke picks a link for a PTX version), and that the hub is
// registered for exactly its type and predicate. The hub was rendered in test mode by
// tune_algorithm(vec3_above ALGORITHM select_if TYPE geometry::vec3 OPERATOR geometry::above_plane).
#pragma once

#include "selection_support.cuh"

#include <cub/device/dispatch/tuning/tuning_select_if.cuh>

#include <cstdint>

#include "vec3_above.cuh"
// The chained hubs, which the registration hands over up to CCCL 3.4 only (from 3.5 its selector):
// the checks read them on every release.
#if !CUSTOM_SELECTION_CALLS_ONLY
#  include "vec3_above_hub.cuh"
#endif
#include <policytune/device_select.cuh>

namespace select_if_check
{
using policytune::algorithms::select_if;
using policytune::detail::has_custom_hub;

struct below_plane
{
  __host__ __device__ bool operator()(const geometry::vec3& v) const
  {
    return v.z < 0.0f;
  }
};

// Registered for exactly the type and predicate the call named.
static_assert(has_custom_hub<select_if, geometry::vec3, geometry::above_plane>);
static_assert(!has_custom_hub<select_if, geometry::vec3, below_plane>);
static_assert(!has_custom_hub<select_if, float, geometry::above_plane>);
static_assert(!has_custom_hub<policytune::algorithms::reduce, geometry::vec3, geometry::above_plane>);

using custom_selection::expect;
using custom_selection::Knobs;
struct knobs_of
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::SelectIfPolicyT;
    return Knobs{p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER};
  }
};
template <class Hub>
Knobs select(int ptx_version)
{
  return custom_selection::select<Hub, knobs_of>(ptx_version);
}

#if CUSTOM_SELECTION_CALLS
// The API's paths, compiled (run on a GPU by the example): the registered hub, and PolicyTune's
// select hub for another predicate.
[[maybe_unused]] cudaError_t select_each_way(void* temp, std::size_t& bytes, std::int64_t n)
{
  const geometry::vec3* in = nullptr;
  geometry::vec3* out      = nullptr;
  std::int64_t* count      = nullptr;
  cudaError_t error        = policytune::device_select_if(temp, bytes, in, out, count, n, geometry::above_plane{});
  if (error == cudaSuccess)
  {
    error = policytune::device_select_if(temp, bytes, in, out, count, n, below_plane{});
  }
  return error;
}
#endif

#if !CUSTOM_SELECTION_CALLS_ONLY
void run()
{
  using registered = policytune::custom_hub<select_if, geometry::vec3, geometry::above_plane>;
  using vec3       = geometry::vec3;
  using null       = cub::NullType;
  // The types cub::DeviceSelect::If dispatches vec3* output with.
  using offset_t          = cub::detail::select::per_partition_offset_t;
  constexpr bool distinct = cub::detail::select::is_partition_distinct_output_t<vec3*>::value;
  constexpr auto impl     = cub::SelectImpl::Select;
  // %TEST% trp_1.ld_1.ipt_13.tpb_352 of bench/custom/select_if.cu.in.
  const Knobs test{352, 13, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA};
  using tuned_hub = ::geometry::select_tuning::policy_hub<vec3, null, offset_t, distinct, impl, 0>;
#if CUB_VERSION < 300500
  static_assert(::cuda::std::is_same_v<registered::hub<vec3, null, offset_t, distinct, impl, 0>, tuned_hub>,
                "the registration hands over this hub");
#endif
  using cub_hub   = cub::detail::select::policy_hub<vec3, null, offset_t, distinct, impl>;
  expect("vec3: the test variant", 900, select<tuned_hub>(900), test);
  expect("vec3 below sm_80: CUB's", 750, select<tuned_hub>(750), select<cub_hub>(750));
#if CUB_VERSION >= 300500
  // From 3.5 device_select_if passes the registration's policy selector to cub::DeviceSelect::If
  // (the types it selects with: 64-bit counts, no flags): the test variant on sm_90, CUB's below sm_80.
  static_assert(policytune::detail::has_custom_selector<select_if, vec3, geometry::above_plane>);
  static_assert(!policytune::detail::has_custom_selector<select_if, vec3, below_plane>);
  using tuned_selector = registered::selector<vec3, const vec3*, null*, vec3*, std::int64_t, impl, 0>;
  using cub_selector   = cub::detail::select::policy_selector_from_types<const vec3*, null*, vec3*, std::int64_t, impl>;
  const auto selector_knobs = [](auto selector, int major) {
    const auto policy = selector(::cuda::compute_capability(major, 0)).lookback;
    return Knobs{policy.threads_per_block, policy.items_per_thread, policy.load_algorithm, policy.load_modifier};
  };
  expect("vec3 selector: the test variant", 900, selector_knobs(tuned_selector{}, 9), test);
  expect("vec3 selector below sm_80: CUB's", 750, selector_knobs(tuned_selector{}, 7), selector_knobs(cub_selector{}, 7));
  const auto tuned_delay = tuned_selector{}(::cuda::compute_capability(9, 0)).lookback.lookback_delay;
  const auto cub_delay   = cub_selector{}(::cuda::compute_capability(9, 0)).lookback.lookback_delay;
  expect("vec3 selector: CUB's look-back delay kept", 900, Knobs{tuned_delay.delay, tuned_delay.l2_write_latency},
         Knobs{cub_delay.delay, cub_delay.l2_write_latency});
#endif
  custom_selection::expect_differs("the select_if test variant", test, select<cub_hub>(900));
}
#endif
} // namespace select_if_check
