// SPDX-License-Identifier: Apache-2.0
// The CCCL names that moved between the releases PolicyTune supports (3.0.1 to 3.5.0), spelled once
// for the shipped API and for generated hubs. CUB_VERSION is 300001 for 3.0.1, 300500 for 3.5.0.
#pragma once

#include <cub/device/dispatch/tuning/tuning_radix_sort.cuh>
#include <cub/version.cuh>

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
