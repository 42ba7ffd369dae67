// SPDX-License-Identifier: Apache-2.0
// PolicyTune's stand-in for NVBench's <nvbench/nvbench.cuh>, so that CUB's tuning benchmarks
// build unchanged against PolicyTune's harness (`policytune search` puts this folder on the
// include path). What NVBench offers beyond the harness's own vocabulary (bench/README.md) is
// added here: `nvbench::tl::get`. A state without a check of its own is verified against
// base's output (policytune/bench/reference_output.hpp, installed by <nvbench_helper.cuh>).
#pragma once

// CUB's helper defines its own global type lists (with `complex`); real NVBench has none.
#define POLICYTUNE_BENCH_NO_GLOBAL_TYPE_LISTS
#include <policytune/bench.hpp>

#include <cstddef>

namespace policytune::bench::tl
{
namespace detail
{
template <std::size_t I, class List>
struct get_at;
template <class Head, class... Tail>
struct get_at<0, type_list<Head, Tail...>>
{
  using type = Head;
};
template <std::size_t I, class Head, class... Tail>
struct get_at<I, type_list<Head, Tail...>> : get_at<I - 1, type_list<Tail...>>
{};
} // namespace detail

/// NVBench's `nvbench::tl::get<I, type_list<...>>`: the I-th type of a list.
template <std::size_t I, class List>
using get = typename detail::get_at<I, List>::type;
} // namespace policytune::bench::tl
