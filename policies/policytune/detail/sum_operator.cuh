// SPDX-License-Identifier: Apache-2.0
// Whether a call's operator is the sum PolicyTune's shipped hubs were measured with, so that a call
// taking an operator (device_reduce, device_exclusive_scan) can use a sum's hub for it.
#pragma once

#include <cuda/std/functional>
#include <cuda/std/type_traits>

namespace policytune::detail
{
/// Whether `OpT` is the sum reduce.sum and scan.exclusive.sum were measured with.
template <class OpT, class AccumT>
inline constexpr bool is_sum_v =
  ::cuda::std::is_same_v<OpT, ::cuda::std::plus<>> || ::cuda::std::is_same_v<OpT, ::cuda::std::plus<AccumT>>;
} // namespace policytune::detail
