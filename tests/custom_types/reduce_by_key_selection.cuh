// SPDX-License-Identifier: Apache-2.0
// Which policy policytune::device_reduce_by_key's hub gives a user's value type, checked on the host
// (no GPU needed: cub::ChainedPolicy::Invoke picks a link for a PTX version), and that the hub is
// registered for exactly its type and operator. The hub was rendered in test mode by
// tune_algorithm(vec3_by_key ALGORITHM reduce_by_key TYPE geometry::vec3 OPERATOR geometry::vec3_plus).
#pragma once

#include "selection_support.cuh"

#include <cub/device/dispatch/tuning/tuning_reduce_by_key.cuh>

#include <cuda/functional>

#include <cstdint>

#include "vec3_by_key.cuh"
// The chained hubs, which the registration hands over up to CCCL 3.4 only (from 3.5 its selector):
// the checks read them on every release.
#if !CUSTOM_SELECTION_CALLS_ONLY
#  include "vec3_by_key_hub.cuh"
#endif
#include <policytune/device_reduce.cuh>

namespace reduce_by_key_check
{
using policytune::algorithms::reduce_by_key;
using policytune::detail::has_custom_hub;

struct vec3_times
{
  __host__ __device__ geometry::vec3 operator()(const geometry::vec3& a, const geometry::vec3& b) const
  {
    return {a.x * b.x, a.y * b.y, a.z * b.z};
  }
};

// Registered for exactly the algorithm, value type and operator the call named.
static_assert(has_custom_hub<reduce_by_key, geometry::vec3, geometry::vec3_plus>);
static_assert(!has_custom_hub<reduce_by_key, geometry::vec3, vec3_times>);
static_assert(!has_custom_hub<reduce_by_key, float, geometry::vec3_plus>);
static_assert(!has_custom_hub<reduce_by_key, float, ::cuda::std::plus<>>);
static_assert(!has_custom_hub<policytune::algorithms::radix_sort, geometry::vec3, geometry::vec3_plus>);

using custom_selection::expect;
using custom_selection::Knobs;
struct knobs_of
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::ReduceByKeyPolicyT;
    return Knobs{p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER};
  }
};
template <class Hub>
Knobs select(int ptx_version)
{
  return custom_selection::select<Hub, knobs_of>(ptx_version);
}

#if CUSTOM_SELECTION_CALLS
// The API's two paths, compiled (run on a GPU by the example): the registered hub, PolicyTune's
// reduce_by_key hub (CUB's policy for an operator it was not measured with).
[[maybe_unused]] cudaError_t reduce_by_key_each_way(void* temp, std::size_t& bytes, int n)
{
  const std::int32_t* keys = nullptr;
  std::int32_t* unique     = nullptr;
  int* runs                = nullptr;
  const geometry::vec3* vectors = nullptr;
  geometry::vec3* vector_sums   = nullptr;
  const float* values           = nullptr;
  float* results                = nullptr;
  cudaError_t error = policytune::device_reduce_by_key(
    temp, bytes, keys, unique, vectors, vector_sums, runs, geometry::vec3_plus{}, n);
  if (error == cudaSuccess)
  {
    error = policytune::device_reduce_by_key(temp, bytes, keys, unique, values, results, runs, ::cuda::std::plus<>{}, n);
  }
  if (error == cudaSuccess)
  {
    error = policytune::device_reduce_by_key(temp, bytes, keys, unique, values, results, runs, ::cuda::maximum<>{}, n);
  }
  return error;
}
#endif

#if !CUSTOM_SELECTION_CALLS_ONLY
void run()
{
  using registered = policytune::custom_hub<reduce_by_key, geometry::vec3, geometry::vec3_plus>;
  using vec3       = geometry::vec3;
  using op         = geometry::vec3_plus;
  // %TEST% ipt_11.tpb_416.trp_1.ld_1 of bench/custom/reduce_by_key.cu.in (no scaling: AgentReduceByKeyPolicy takes them as they are).
  const Knobs test{416, 11, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA};
  // The hub's parameters as device_reduce_by_key passes them: operator, value accumulator, key.
  using tuned_hub = ::geometry::by_key_tuning::policy_hub<op, vec3, std::int32_t, 0>;
#if CUB_VERSION < 300500
  static_assert(::cuda::std::is_same_v<registered::hub<op, vec3, std::int32_t, 0>, tuned_hub>,
                "the registration hands over this hub");
#endif
  using cub_hub   = cub::detail::reduce_by_key::policy_hub<op, vec3, std::int32_t>;
  expect("vec3 values with int32 keys: the test variant", 900, select<tuned_hub>(900), test);
  expect("vec3 values below sm_80: CUB's", 750, select<tuned_hub>(750), select<cub_hub>(750));
  // Test mode gives every workload of sm_80 and sm_90 the %TEST% variant: 64-bit keys too.
  using wide_hub = ::geometry::by_key_tuning::policy_hub<op, vec3, std::int64_t, 0>;
  expect("vec3 values with int64 keys: the test variant", 900, select<wide_hub>(900), test);
  expect("vec3 values with int64 keys below sm_80: CUB's", 750, select<wide_hub>(750),
         select<cub::detail::reduce_by_key::policy_hub<op, vec3, std::int64_t>>(750));
#if CUB_VERSION >= 300500
  // From 3.5 the registration carries the same winners as a policy selector, for the API's tuning
  // environment: the test variant on sm_90, CUB's own selector's policy below sm_80 and above sm_90.
  using tuned_selector = registered::selector<op, vec3, std::int32_t, 0>;
  using cub_selector   = cub::detail::reduce_by_key::policy_selector_from_types<op, vec3, std::int32_t>;
  const auto selector_knobs = [](auto selector, int major) {
    const auto policy = selector(::cuda::compute_capability(major, 0)).lookback;
    return Knobs{policy.threads_per_block, policy.items_per_thread, policy.load_algorithm, policy.load_modifier};
  };
  expect("vec3 by key selector: the test variant", 900, selector_knobs(tuned_selector{}, 9), test);
  for (int major : {7, 10, 12})
  {
    expect("vec3 by key selector outside sm_80..sm_90: CUB's", major * 100, selector_knobs(tuned_selector{}, major),
           selector_knobs(cub_selector{}, major));
  }
#endif
  custom_selection::expect_differs("the reduce_by_key test variant", test, select<cub_hub>(900));
}
#endif
} // namespace reduce_by_key_check
