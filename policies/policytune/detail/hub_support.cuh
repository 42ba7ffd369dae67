// SPDX-License-Identifier: Apache-2.0
// What every generated CUDA policy hub needs, in one place: the hubs include this header instead of
// carrying their own copies, so two hubs in one translation unit share it. What only the chained
// format needs is in chain_support.cuh: it names cub::ChainedPolicy, which CCCL 3.5 deprecates, and
// a policy selector must compile without a deprecation warning.
#pragma once

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

// The most ranges any architecture's link has for a key.
template <class... Counts>
constexpr int most_ranges(int first, Counts... rest)
{
  int most = first;
  ((most = rest > most ? rest : most), ...);
  return most;
}
} // namespace policytune::hub
