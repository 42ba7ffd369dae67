// SPDX-License-Identifier: Apache-2.0
// The CCCL names that moved between the releases PolicyTune supports (3.0.1 to 3.5.0), spelled once
// for the shipped API and for generated hubs. CUB_VERSION is 300001 for 3.0.1, 300500 for 3.5.0.
#pragma once

#include <cub/agent/agent_reduce_by_key.cuh>
#include <cub/detail/choose_offset.cuh>
#include <cub/device/dispatch/tuning/tuning_radix_sort.cuh>
#include <cub/version.cuh>

#include <cuda/std/type_traits>

#if CUB_VERSION >= 300400
#  include <cuda/iterator>
#else
#  include <thrust/iterator/constant_iterator.h>
#endif

namespace policytune::cccl
{
// CUB's own radix sort hub: cub::detail::radix up to 3.2, cub::detail::radix_sort from 3.3.
#if CUB_VERSION >= 300300
template <class KeyT, class ValueT, class OffsetT>
using radix_sort_policy_hub = ::cub::detail::radix_sort::policy_hub<KeyT, ValueT, OffsetT>;
#else
template <class KeyT, class ValueT, class OffsetT>
using radix_sort_policy_hub = ::cub::detail::radix::policy_hub<KeyT, ValueT, OffsetT>;
#endif
} // namespace policytune::cccl

namespace policytune::cccl
{
// The offset cub::DeviceRunLengthEncode dispatches with: int up to 3.0, then the signed offset its
// item count chooses (int or int64).
#if CUB_VERSION >= 300100
template <class NumItemsT>
using run_length_offset_t = ::cub::detail::choose_signed_offset_t<NumItemsT>;
#else
template <class NumItemsT>
using run_length_offset_t = int;
#endif

// The iterator of ones cub::DeviceRunLengthEncode::Encode sums into run lengths: Thrust's up to
// 3.3, libcu++'s from 3.4.
#if CUB_VERSION >= 300400
template <class T, class IndexT>
using constant_iterator = ::cuda::constant_iterator<T, IndexT>;
#else
template <class T, class IndexT>
using constant_iterator = THRUST_NS_QUALIFIER::constant_iterator<T, IndexT>;
#endif

// From 3.2, CUB's histogram policies for sm_90 and later say up to how many bins the init kernel
// lets the sweep kernel launch early (programmatic dependent launch), and sm_90 code reads it from
// the policy in use. A hub's links take CUB's value for their architecture; where CUB's policy has
// none (older releases, older architectures, which never read it) CUB's 2048 stands in.
template <class Policy, class = void>
inline constexpr int histogram_pdl_max_bins = 2048;
template <class Policy>
inline constexpr int histogram_pdl_max_bins<
  Policy,
  ::cuda::std::void_t<decltype(Policy::pdl_trigger_next_launch_in_init_kernel_max_bin_count)>> =
  Policy::pdl_trigger_next_launch_in_init_kernel_max_bin_count;
} // namespace policytune::cccl

namespace policytune::cccl
{
// cub::AgentReduceByKeyPolicy up to 3.4; from 3.5 that name is deprecated (for the tuning API) and
// the same template is cub::detail::agent_reduce_by_key_policy, which a hub spells without warnings.
template <int BlockThreads,
          int ItemsPerThread,
          ::cub::BlockLoadAlgorithm LoadAlgorithm,
          ::cub::CacheLoadModifier LoadModifier,
          ::cub::BlockScanAlgorithm ScanAlgorithm,
          class DelayConstructorT>
using agent_reduce_by_key_policy =
#if CUB_VERSION >= 300500
  ::cub::detail::agent_reduce_by_key_policy
#else
  ::cub::AgentReduceByKeyPolicy
#endif
  <BlockThreads, ItemsPerThread, LoadAlgorithm, LoadModifier, ScanAlgorithm, DelayConstructorT>;
} // namespace policytune::cccl
