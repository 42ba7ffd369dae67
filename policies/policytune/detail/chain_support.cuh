// SPDX-License-Identifier: Apache-2.0
// What a generated cub::ChainedPolicy hub (the chained_policy format) needs besides hub_support.cuh:
// the library's own policy at an architecture, and the top of the chain that hands every GPU above
// the hub's links to the library's own hub.
#pragma once

#include <cub/util_arch.cuh>
#include <cub/util_device.cuh>

#include <cuda/std/type_traits>

#include <policytune/detail/hub_support.cuh>

namespace policytune::hub
{
// The link of a cub::ChainedPolicy chain that Invoke would pick for `Arch`: the library's own
// policy for an architecture, which untuned workloads fall back to.
template <int Version, class Policy, class Previous>
Previous previous_link(const ::cub::ChainedPolicy<Version, Policy, Previous>*);
template <int Version, class Policy, class Previous>
::cuda::std::integral_constant<int, Version> link_version(const ::cub::ChainedPolicy<Version, Policy, Previous>*);

template <class Link,
          int Arch,
          bool Serves = (decltype(link_version(static_cast<Link*>(nullptr)))::value <= Arch),
          bool Last   = ::cuda::std::is_same_v<Link, decltype(previous_link(static_cast<Link*>(nullptr)))>>
struct chain_link_at
{
  using type = typename chain_link_at<decltype(previous_link(static_cast<Link*>(nullptr))), Arch>::type;
};
template <class Link, int Arch, bool Last>
struct chain_link_at<Link, Arch, true, Last>
{
  using type = Link;
};
template <class Link, int Arch>
struct chain_link_at<Link, Arch, false, true>
{
  using type = Link;
};

// The policy of the device pass being compiled (CUB_PTX_ARCH is 0 on the host), as Invoke picks it.
template <int HighestVersion, class TunedChain, class LibraryChain>
struct active_link
{
  using type = ::cuda::std::conditional_t<(CUB_PTX_ARCH > HighestVersion),
                                          typename LibraryChain::ActivePolicy,
                                          typename TunedChain::ActivePolicy>;
};

// The top of a generated hub's chain. The tuned links serve the architectures up to the highest
// one they have (measured, or filled from a lower one on request); a GPU above it was measured by
// nobody, so the library's own hub decides there, exactly as without the hub: an sm_90 winner is
// no evidence for sm_100, and CUB's own sm_100 tuning must not be lost to it.
// Its members are the device pass's policy's: CCCL 3.4's adapters of a hub read some
// (ReduceByKeyPolicyT, RleSweepPolicyT) from MaxPolicy itself, in device code.
template <int HighestVersion, class TunedChain, class LibraryChain>
struct library_above : active_link<HighestVersion, TunedChain, LibraryChain>::type
{
  using ActivePolicy = typename active_link<HighestVersion, TunedChain, LibraryChain>::type;

  template <class FunctorT>
  CUB_RUNTIME_FUNCTION static constexpr cudaError_t Invoke(int device_ptx_version, FunctorT& op)
  {
    if (device_ptx_version > HighestVersion)
    {
      return LibraryChain::Invoke(device_ptx_version, op);
    }
    return TunedChain::Invoke(device_ptx_version, op);
  }
};

// The policy a hub's MaxPolicy gives for `Arch` (a PTX version: 900): the chain's link, or above a
// generated hub's highest link the library's.
template <class Link, int Arch>
struct policy_at
{
  using type = typename chain_link_at<Link, Arch>::type;
};
template <int HighestVersion, class TunedChain, class LibraryChain, int Arch>
struct policy_at<library_above<HighestVersion, TunedChain, LibraryChain>, Arch>
{
  using type =
    typename policy_at<::cuda::std::conditional_t<(Arch > HighestVersion), LibraryChain, TunedChain>, Arch>::type;
};
} // namespace policytune::hub
