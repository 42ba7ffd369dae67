// SPDX-License-Identifier: Apache-2.0
// The link of a cub::ChainedPolicy chain that CUB's dispatch picks for an architecture, and the
// architecture a variant is built for: how a benchmark's variant takes CUB's own policy as its base
// for whatever it does not tune.
#pragma once

#include <cub/util_device.cuh>

#include <type_traits>

#ifndef __CUDA_ARCH_LIST__
#  error "build with nvcc 11.5 or newer, which defines __CUDA_ARCH_LIST__"
#endif

namespace policytune::bench
{
template <int Version, class Policy, class Previous>
Previous previous_link(const cub::ChainedPolicy<Version, Policy, Previous>*);
template <int Version, class Policy, class Previous>
constexpr int link_version(const cub::ChainedPolicy<Version, Policy, Previous>*)
{
  return Version;
}

// The link of a cub::ChainedPolicy chain that Invoke picks for `Arch`.
template <class Link, int Arch>
struct policy_at
{
  using previous = decltype(previous_link(static_cast<Link*>(nullptr)));
  using type     = typename std::conditional_t<(link_version(static_cast<Link*>(nullptr)) <= Arch)
                                             || std::is_same_v<previous, Link>,
                                               std::type_identity<Link>,
                                               policy_at<previous, Arch>>::type;
};

// The architecture the variant is built for (the newest, if several).
inline constexpr int built_arch = [] {
  int newest = 0;
  for (int arch : {__CUDA_ARCH_LIST__})
  {
    newest = arch > newest ? arch : newest;
  }
  return newest;
}();
} // namespace policytune::bench
