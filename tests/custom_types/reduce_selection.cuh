// SPDX-License-Identifier: Apache-2.0
// Which policy policytune::device_reduce's hub gives a user's type, checked on the host (no GPU
// needed: cub::ChainedPolicy::Invoke picks a link for a PTX version), and that the hub is registered
// for exactly its type and operator. The hub was rendered in test mode by tune_algorithm(vec3_sum ALGORITHM reduce TYPE geometry::vec3 OPERATOR geometry::vec3_plus).
#pragma once

#include "selection_support.cuh"

#include <cub/device/dispatch/tuning/tuning_reduce.cuh>

#include <cuda/functional>


#include "float_absolute_max.cuh"
#include "vec3_sum.cuh"
// The chained hubs, which the registration hands over up to CCCL 3.4 only (from 3.5 its selector):
// the checks read them on every release.
#if !CUSTOM_SELECTION_CALLS_ONLY
#  include "vec3_sum_hub.cuh"
#  include "float_absolute_max_hub.cuh"
#endif
#include <policytune/device_reduce.cuh>

namespace reduce_check
{
using policytune::algorithms::reduce;
using policytune::detail::has_custom_hub;

struct vec3_times
{
  __host__ __device__ geometry::vec3 operator()(const geometry::vec3& a, const geometry::vec3& b) const
  {
    return {a.x * b.x, a.y * b.y, a.z * b.z};
  }
};

// Registered for exactly the type and operator the call named.
static_assert(has_custom_hub<reduce, geometry::vec3, geometry::vec3_plus>);
static_assert(!has_custom_hub<reduce, geometry::vec3, vec3_times>);
static_assert(!has_custom_hub<reduce, float, geometry::vec3_plus>);
static_assert(!has_custom_hub<reduce, float, ::cuda::std::plus<>>);
// A fundamental type with the user's operator: registered for that operator, the sum keeps its own hub.
static_assert(has_custom_hub<reduce, float, measures::absolute_max>);

using custom_selection::expect;
using custom_selection::Knobs;
struct knobs_of
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::ReducePolicy;
    return Knobs{p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::VECTOR_LOAD_LENGTH, p::LOAD_MODIFIER};
  }
};
template <class Hub>
Knobs select(int ptx_version)
{
  return custom_selection::select<Hub, knobs_of>(ptx_version);
}

#if CUSTOM_SELECTION_CALLS
// The API's three paths, compiled (run on a GPU by the example): the registered hub, the sum's hub,
// CUB's own call.
[[maybe_unused]] cudaError_t reduce_each_way(void* temp, std::size_t& bytes, int n)
{
  const geometry::vec3* vectors = nullptr;
  geometry::vec3* vector_sum    = nullptr;
  const float* values           = nullptr;
  float* result                 = nullptr;
  cudaError_t error = policytune::device_reduce(temp, bytes, vectors, vector_sum, n, geometry::vec3_plus{}, geometry::vec3{});
  if (error == cudaSuccess)
  {
    error = policytune::device_reduce(temp, bytes, values, result, n, ::cuda::std::plus<>{}, 0.0f);
  }
  if (error == cudaSuccess)
  {
    error = policytune::device_reduce(temp, bytes, values, result, n, ::cuda::maximum<>{}, 0.0f);
  }
  if (error == cudaSuccess)
  {
    error = policytune::device_reduce(temp, bytes, values, result, n, measures::absolute_max{}, 0.0f);
  }
#if CUB_VERSION >= 300500
  // The environment overloads: the registered selector, the sum's, CUB's own call.
  if (error == cudaSuccess)
  {
    error = policytune::device_reduce(vectors, vector_sum, n, geometry::vec3_plus{}, geometry::vec3{});
  }
  if (error == cudaSuccess)
  {
    error = policytune::device_reduce(values, result, n, ::cuda::std::plus<>{}, 0.0f);
  }
  if (error == cudaSuccess)
  {
    error = policytune::device_reduce(values, result, n, ::cuda::maximum<>{}, 0.0f);
  }
#endif
  return error;
}
#endif

#if !CUSTOM_SELECTION_CALLS_ONLY
void run()
{
  using registered = policytune::custom_hub<reduce, geometry::vec3, geometry::vec3_plus>;
  using vec3       = geometry::vec3;
  using op         = geometry::vec3_plus;
  // %TEST% ipt_16.tpb_512.ipv_1 of bench/custom/reduce.cu.in, as AgentReducePolicy scales it for 12 bytes.
  using test_policy = cub::AgentReducePolicy<512, 16, vec3, 2, cub::BLOCK_REDUCE_WARP_REDUCTIONS, cub::LOAD_LDG>;
  const Knobs test{
    test_policy::BLOCK_THREADS, test_policy::ITEMS_PER_THREAD, test_policy::VECTOR_LOAD_LENGTH, test_policy::LOAD_MODIFIER};
  using tuned_hub = ::geometry::tuning::policy_hub<vec3, unsigned, op, 0>;
#if CUB_VERSION < 300500
  static_assert(::cuda::std::is_same_v<registered::hub<vec3, unsigned, op, 0>, tuned_hub>,
                "the registration hands over this hub");
#endif
  using cub_hub   = cub::detail::reduce::policy_hub<vec3, unsigned, op>;
  expect("vec3 with 32-bit offsets: the test variant", 900, select<tuned_hub>(900), test);
  expect("vec3 below sm_80: CUB's", 750, select<tuned_hub>(750), select<cub_hub>(750));
  // Test mode gives every workload of sm_80 and sm_90 the %TEST% variant (exact-type keys of a
  // tuned hub are the generator's golden tests): 64-bit offsets too, scaled for their type.
  using wide_hub = ::geometry::tuning::policy_hub<vec3, unsigned long long, op, 0>;
  expect("vec3 with 64-bit offsets: the test variant", 900, select<wide_hub>(900), test);
  expect("vec3 with 64-bit offsets below sm_80: CUB's", 750, select<wide_hub>(750),
         select<cub::detail::reduce::policy_hub<vec3, unsigned long long, op>>(750));
  // float with the user's operator: its registered hub, the variant scaled for 4 bytes.
  using float_test_policy = cub::AgentReducePolicy<512, 16, float, 2, cub::BLOCK_REDUCE_WARP_REDUCTIONS, cub::LOAD_LDG>;
  using float_hub = ::measures::tuning::policy_hub<float, unsigned, measures::absolute_max, 0>;
  expect("float with absolute_max: the test variant",
         900,
         select<float_hub>(900),
         Knobs{float_test_policy::BLOCK_THREADS,
               float_test_policy::ITEMS_PER_THREAD,
               float_test_policy::VECTOR_LOAD_LENGTH,
               float_test_policy::LOAD_MODIFIER});
#if CUB_VERSION >= 300500
  // From 3.5 the registration carries the same winners as a policy selector, for the API's tuning
  // environment: the test variant on sm_90, CUB's own selector's policy below sm_80.
  static_assert(policytune::detail::has_custom_selector<reduce, vec3, op>);
  using tuned_selector = registered::selector<vec3, unsigned, op, 0>;
  using cub_selector   = cub::detail::reduce::policy_selector_from_types<vec3, unsigned, op>;
  const auto selector_knobs = [](auto selector, int major) {
    const auto policy = selector(::cuda::compute_capability(major, 0)).multi_tile;
    return Knobs{policy.threads_per_block, policy.items_per_thread, policy.vec_size, policy.load_modifier};
  };
  expect("vec3 selector: the test variant", 900, selector_knobs(tuned_selector{}, 9), test);
  expect("vec3 selector below sm_80: CUB's", 750, selector_knobs(tuned_selector{}, 7), selector_knobs(cub_selector{}, 7));
#endif
  custom_selection::expect_differs("the reduce test variant", test, select<cub_hub>(900));
}
#endif
} // namespace reduce_check
