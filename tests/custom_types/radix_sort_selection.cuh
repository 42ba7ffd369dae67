// SPDX-License-Identifier: Apache-2.0
// Which policy policytune::device_radix_sort_keys's hub gives a user's key type sorted through a
// decomposer, checked on the host (cub::ChainedPolicy::Invoke picks a link for a PTX version), and
// that the hub is registered for exactly its key type and decomposer. The hub was rendered in test
// mode by tune_algorithm(entry_sort ALGORITHM radix_sort TYPE ranking::entry OPERATOR ranking::entry_decomposer).
#pragma once

#include "selection_support.cuh"

#include <cub/device/dispatch/tuning/tuning_radix_sort.cuh>

#include <cuda/std/tuple>


#include "entry_sort.cuh"
// The chained hubs, which the registration hands over up to CCCL 3.4 only (from 3.5 its selector):
// the checks read them on every release.
#if !CUSTOM_SELECTION_CALLS_ONLY
#  include "entry_sort_hub.cuh"
#endif
#include <policytune/detail/cccl_compat.cuh>
#include <policytune/device_radix_sort.cuh>

namespace radix_sort_check
{
using policytune::algorithms::radix_sort;
using policytune::detail::has_custom_hub;

// Another order of the same key: by id first.
struct by_id
{
  __host__ __device__ ::cuda::std::tuple<int&, float&> operator()(ranking::entry& e) const
  {
    return {e.id, e.score};
  }
};

// Registered for exactly the key type and decomposer the call named.
static_assert(has_custom_hub<radix_sort, ranking::entry, ranking::entry_decomposer>);
static_assert(!has_custom_hub<radix_sort, ranking::entry, by_id>);
static_assert(!has_custom_hub<radix_sort, float, ranking::entry_decomposer>);
static_assert(!has_custom_hub<policytune::algorithms::reduce, ranking::entry, ranking::entry_decomposer>);

using custom_selection::expect;
using custom_selection::Knobs;
struct knobs_of
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::OnesweepPolicy;
    return Knobs{Policy::ONESWEEP, p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::RADIX_BITS};
  }
};
template <class Hub>
Knobs select(int ptx_version)
{
  return custom_selection::select<Hub, knobs_of>(ptx_version);
}

#if CUSTOM_SELECTION_CALLS
// The API's two paths, compiled (run on a GPU by the example): the registered hub, CUB's own call
// for another decomposer; and the overload without a decomposer still takes bits.
[[maybe_unused]] cudaError_t sort_each_way(void* temp, std::size_t& bytes, int n)
{
  const ranking::entry* in = nullptr;
  ranking::entry* out      = nullptr;
  const float* values      = nullptr;
  float* sorted            = nullptr;
  cudaError_t error        = policytune::device_radix_sort_keys(temp, bytes, in, out, n, ranking::entry_decomposer{});
  if (error == cudaSuccess)
  {
    error = policytune::device_radix_sort_keys(temp, bytes, in, out, n, by_id{}, cudaStream_t{});
  }
  if (error == cudaSuccess)
  {
    error = policytune::device_radix_sort_keys(temp, bytes, values, sorted, n, 0, 16);
  }
#  if CUB_VERSION >= 300500
  // The environment overloads: the registered selector, CUB's own call.
  if (error == cudaSuccess)
  {
    error = policytune::device_radix_sort_keys(in, out, n, ranking::entry_decomposer{});
  }
  if (error == cudaSuccess)
  {
    error = policytune::device_radix_sort_keys(in, out, n, by_id{});
  }
#  endif
  return error;
}
#endif

#if !CUSTOM_SELECTION_CALLS_ONLY
void run()
{
  using registered = policytune::custom_hub<radix_sort, ranking::entry, ranking::entry_decomposer>;
  using entry      = ranking::entry;
  using null       = cub::NullType;
  // %TEST% bits_8.ipt_12.tpb_256 of bench/custom/radix_sort.cu.in: the onesweep block's exact shape.
  const Knobs test{true, 256, 12, 8};
  using tuned_hub = ::ranking::tuning::policy_hub<entry, null, unsigned, 0>;
#if CUB_VERSION < 300500
  static_assert(::cuda::std::is_same_v<registered::hub<entry, null, unsigned, 0>, tuned_hub>,
                "the registration hands over this hub");
#endif
  using cub_hub   = policytune::cccl::radix_sort_policy_hub<entry, null, unsigned>;
  expect("entry keys with 32-bit offsets: the test variant", 900, select<tuned_hub>(900), test);
  expect("entry keys below sm_80: CUB's", 750, select<tuned_hub>(750), select<cub_hub>(750));
  // Key-value sorts keep CUB's onesweep policy (the template tunes keys-only sorts).
  using pairs_hub = ::ranking::tuning::policy_hub<entry, int, unsigned, 0>;
  expect("entry keys with values: CUB's", 900, select<pairs_hub>(900),
         select<policytune::cccl::radix_sort_policy_hub<entry, int, unsigned>>(900));
#if CUB_VERSION >= 300500
  // From 3.5 the registration carries the same winners as a policy selector, for SortKeys(...,
  // decomposer, env): the test variant's onesweep on sm_90, CUB's policy below sm_80 and with values.
  static_assert(policytune::detail::has_custom_selector<radix_sort, entry, ranking::entry_decomposer>);
  static_assert(!policytune::detail::has_custom_selector<radix_sort, entry, by_id>);
  const auto selector_knobs = [](auto selector, int major) {
    const auto policy = selector(::cuda::compute_capability(major, 0));
    return Knobs{policy.algorithm == cub::RadixSortAlgorithm::onesweep, policy.onesweep.threads_per_block,
                 policy.onesweep.items_per_thread, policy.onesweep.radix_bits};
  };
  using tuned_selector = registered::selector<entry, null, unsigned, 0>;
  using cub_selector   = cub::detail::radix_sort::policy_selector_from_types<entry, null, unsigned>;
  expect("entry selector: the test variant", 900, selector_knobs(tuned_selector{}, 9), test);
  expect("entry selector below sm_80: CUB's", 750, selector_knobs(tuned_selector{}, 7), selector_knobs(cub_selector{}, 7));
  expect("entry selector with values: CUB's", 900, selector_knobs(registered::selector<entry, int, unsigned, 0>{}, 9),
         selector_knobs(cub::detail::radix_sort::policy_selector_from_types<entry, int, unsigned>{}, 9));
#endif
  custom_selection::expect_differs("the radix_sort test variant", test, select<cub_hub>(900));
}
#endif
} // namespace radix_sort_check
