// SPDX-License-Identifier: Apache-2.0
// What every generated CUDA policy hub needs, in one place: the hubs include this header instead of
// carrying their own copies, so two hubs in one translation unit share it.
#pragma once

#include <cub/util_device.cuh>

#include <cuda/std/type_traits>

namespace policytune::hub
{
// Compile-time workloads as one type, so that policies specialise on it.
template <class... Types>
struct workload_key
{};

// A key on a trait of a type rather than the type itself (sizeof(AccumT), a type class): the
// template's `key:` entry, evaluated.
template <auto Value>
struct value_key
{};

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
struct policy_at
{
  using type = typename policy_at<decltype(previous_link(static_cast<Link*>(nullptr))), Arch>::type;
};
template <class Link, int Arch, bool Last>
struct policy_at<Link, Arch, true, Last>
{
  using type = Link;
};
template <class Link, int Arch>
struct policy_at<Link, Arch, false, true>
{
  using type = Link;
};

// The most ranges any architecture's link has for a key.
template <class... Counts>
constexpr int most_ranges(int first, Counts... rest)
{
  int most = first;
  ((most = rest > most ? rest : most), ...);
  return most;
}
} // namespace policytune::hub
