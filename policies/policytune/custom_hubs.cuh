// SPDX-License-Identifier: Apache-2.0
// Where the library API finds a hub tuned for a user's own type and operator. The header that
// tune_algorithm(<name> ALGORITHM <algorithm> TYPE <T> OPERATOR <Op> ...) writes specialises
// custom_hub<algorithm, T, Op> with the hub it rendered; policytune::device_reduce and the other
// calls that take an operator use it for exactly that type and operator, and CUB's own policies
// for every other.
#pragma once

#include <cuda/std/type_traits>

namespace policytune
{
namespace algorithms
{
struct reduce;
} // namespace algorithms

/// Specialised by generated headers with `template <class AccumT, class OffsetT, class OpT, int Range>
/// using hub = <the rendered policy hub>;`. Unspecialised: no tuning for this type and operator.
template <class Algorithm, class T, class Op>
struct custom_hub
{};

namespace detail
{
template <class Algorithm, class T, class Op, class = void>
inline constexpr bool has_custom_hub = false;
template <class Algorithm, class T, class Op>
inline constexpr bool has_custom_hub<
  Algorithm,
  T,
  Op,
  ::cuda::std::void_t<typename custom_hub<Algorithm, T, Op>::template hub<T, unsigned, Op, 0>>> = true;
} // namespace detail
} // namespace policytune
