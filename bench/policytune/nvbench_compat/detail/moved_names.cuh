// SPDX-License-Identifier: Apache-2.0
// Names CUB's tuning benchmarks still spell where they were before CCCL moved them into a detail
// namespace, given back at that place. NVIDIA/cccl#3435 moved CUB's agents into
// cub::detail::<algorithm> (backported to 2.8.x), but the benchmarks' tuning path (`#if
// !TUNE_BASE`), which CUB's CI never builds, kept the old spelling: without these, v3.0.1's
// merge/{keys,pairs}.cu, radix_sort/{keys,pairs}.cu and copy/memcpy.cu build base and no variant.
//
// Each name is declared only for the releases whose headers hold it at the new place (those
// checked: 3.0.1, 3.1.4, 3.2.0, 3.3.4, 3.4.3 and 3.5.0; 2.8 is not among them, so nothing is
// declared before 3.0), never where the name is where the benchmark expects it. Included by the
// stand-in <nvbench_helper.cuh>, which every benchmark includes before its tuning path.
#pragma once

#include <cub/version.cuh>

#if defined(CCCL_VERSION) && CCCL_VERSION >= 3000000 && CCCL_VERSION < 3004000
// merge/merge_common.cuh: cub::agent_policy_t (3.4 replaced it by a policy selector).
#  include <cub/agent/agent_merge.cuh>
CUB_NAMESPACE_BEGIN
using detail::merge::agent_policy_t;
CUB_NAMESPACE_END
#endif

#if defined(CCCL_VERSION) && CCCL_VERSION >= 3000000 && CCCL_VERSION < 3006000
// radix_sort/{keys,pairs}.cu size their shared memory with cub::AgentRadixSortOnesweep and
// cub::AgentRadixSortHistogram, passing the benchmark's cub::SortOrder where the agents take
// `bool IS_DESCENDING`: the order is taken as either.
#  include <cub/agent/agent_radix_sort_histogram.cuh>
#  include <cub/agent/agent_radix_sort_onesweep.cuh>
#  include <cub/device/dispatch/dispatch_common.cuh>
namespace policytune::nvbench_compat
{
constexpr bool is_descending(bool descending)
{
  return descending;
}
constexpr bool is_descending(::cub::SortOrder order)
{
  return order == ::cub::SortOrder::Descending;
}
} // namespace policytune::nvbench_compat
CUB_NAMESPACE_BEGIN
template <class Policy, auto Order, class... KeyValueOffsetT>
using AgentRadixSortOnesweep =
  detail::radix_sort::AgentRadixSortOnesweep<Policy, ::policytune::nvbench_compat::is_descending(Order), KeyValueOffsetT...>;
template <class Policy, auto Order, class... KeyOffsetT>
using AgentRadixSortHistogram =
  detail::radix_sort::AgentRadixSortHistogram<Policy, ::policytune::nvbench_compat::is_descending(Order), KeyOffsetT...>;
CUB_NAMESPACE_END
#endif

#if defined(CCCL_VERSION) && CCCL_VERSION >= 3000000 && CCCL_VERSION < 3005000
// copy/memcpy.cu: cub::detail::AgentBatchMemcpyPolicy (3.5 keeps a deprecated one in cub::).
#  include <cub/agent/agent_batch_memcpy.cuh>
CUB_NAMESPACE_BEGIN
namespace detail
{
using batch_memcpy::AgentBatchMemcpyPolicy;
} // namespace detail
CUB_NAMESPACE_END
#endif
