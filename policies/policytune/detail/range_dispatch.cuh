// SPDX-License-Identifier: Apache-2.0
// How the library API runs one cub::Dispatch* call with the policy hub of the runtime range a
// problem falls in. A generated hub rendered with `policytune generate --dispatch` takes an
// `int Range` parameter and says which range serves a size (`select_range`); since one Dispatch
// call takes one hub type, each range is its own instantiation, chosen here before dispatching.
#pragma once

#include <cub/util_device.cuh>
#include <cub/version.cuh>

#include <cuda/std/type_traits>

#include <cstdint>
#include <limits>

namespace policytune::detail
{
/// Whether a hub's select_range takes a PTX version (chained_policy) rather than a compute
/// capability (policy_selector).
template <class Hub, class = void>
struct selects_by_ptx_version : ::cuda::std::false_type
{};
template <class Hub>
struct selects_by_ptx_version<Hub, ::cuda::std::void_t<decltype(Hub::select_range(0, ::std::int64_t{}))>>
    : ::cuda::std::true_type
{};

/// The range of `Hub`'s runtime dispatch that serves `size` on the current device: the chain link
/// CUB will take for the device's PTX version decides (for a policy selector, the architecture of
/// that version). Without a dispatch (`Hub::range_count` is
/// 1) this is 0, and the device is not asked.
template <class Hub, class SizeT>
cudaError_t select_range(SizeT size, int& range)
{
  range = 0;
  if constexpr (Hub::range_count > 1)
  {
    int ptx_version = 0;
    if (const cudaError_t error = ::cub::PtxVersion(ptx_version); error != cudaSuccess)
    {
      return error;
    }
    // Unsigned sizes past the largest signed 64-bit value are served as the largest.
    constexpr auto largest = ::std::numeric_limits<::std::int64_t>::max();
    ::std::int64_t clamped = largest;
    if (::cuda::std::is_signed_v<SizeT> || static_cast<unsigned long long>(size) <= static_cast<unsigned long long>(largest))
    {
      clamped = static_cast<::std::int64_t>(size);
    }
    // A chained_policy hub selects by PTX version, a policy_selector by compute capability: the
    // same architecture that CUB's dispatch picks the policy for.
    if constexpr (selects_by_ptx_version<Hub>::value)
    {
      range = Hub::select_range(ptx_version, clamped);
    }
#if CUB_VERSION >= 300400 // selectors of cuda::compute_capability
    else
    {
      range = Hub::select_range(::cuda::compute_capability(ptx_version / 10), clamped);
    }
#endif
  }
  return cudaSuccess;
}

/// Calls `dispatch(cuda::std::integral_constant<int, R>{})` with R = `range`, clamped to
/// [0, Count): `dispatch` instantiates the hub for range R and runs the CUB dispatch with it.
template <int Count, int Range = 0, class Dispatch>
cudaError_t with_range(int range, Dispatch&& dispatch)
{
  if constexpr (Range + 1 < Count)
  {
    if (range > Range)
    {
      return with_range<Count, Range + 1>(range, dispatch);
    }
  }
  return dispatch(::cuda::std::integral_constant<int, Range>{});
}

/// The two steps every API call takes: the range of `Hub`'s dispatch that serves `size` on this
/// device (select_range), then `dispatch(cuda::std::integral_constant<int, R>{})` with that range R
/// (with_range), which instantiates the hub for R and runs the CUB dispatch with it.
template <class Hub, class SizeT, class Dispatch>
cudaError_t with_range_for_size(SizeT size, Dispatch&& dispatch)
{
  int range = 0;
  if (const cudaError_t error = select_range<Hub>(size, range); error != cudaSuccess)
  {
    return error;
  }
  return with_range<Hub::range_count>(range, dispatch);
}
} // namespace policytune::detail
