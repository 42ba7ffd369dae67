// SPDX-License-Identifier: Apache-2.0
// From CCCL 3.5: which policy selector serves a call of the library API whose type and operator a
// user may have tuned (policytune/custom_hubs.cuh): the registered one, else the shipped one.
#pragma once

#include <cuda/std/type_traits>

#include <policytune/custom_hubs.cuh>

namespace policytune::detail
{
/// The registration where it carries a selector for exactly this type and operator, else `Shipped`:
/// both carry the member template `selector`, so that a call dispatches through one path whichever
/// serves it.
template <class Algorithm, class T, class Op, class Shipped>
using selectors_for =
  ::cuda::std::conditional_t<has_custom_selector<Algorithm, T, Op>, custom_hub<Algorithm, T, Op>, Shipped>;

/// From 3.5 the API passes selectors only (a registration's chained hub would need CUB's deprecated
/// dispatchers), so a registration without one would lose its tuning unseen: the calls assert this.
template <class Algorithm, class T, class Op>
inline constexpr bool registration_has_selector =
  !has_custom_hub<Algorithm, T, Op> || has_custom_selector<Algorithm, T, Op>;
} // namespace policytune::detail
