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
struct exclusive_scan;
struct reduce_by_key;
struct radix_sort; // keys sorted through a decomposer: custom_hub<radix_sort, KeyT, DecomposerT>
struct select_if; // custom_hub<select_if, item type, predicate>
} // namespace algorithms

/// Specialised by the headers tune_algorithm(ALGORITHM) renders, with `registered` and the rendered
/// hub as the member template `hub`, whose parameters are those of the algorithm's hub (reduce:
/// `<class AccumT, class OffsetT, class OpT, int Range>`; exclusive_scan: `<class InputValueT, class
/// OutputValueT, class AccumT, class OffsetT, class ScanOpT, int Range>`; reduce_by_key: `<class
/// ReductionOpT, class AccumT, class KeyT, int Range>`; radix_sort: `<class KeyT, class ValueT,
/// class OffsetT, int Range>`; select_if: `<class InputT, class FlagT, class OffsetT, bool
/// DistinctPartitions, ::cub::SelectImpl Impl, int Range>`). Unspecialised: no tuning for this type
/// and operator.
template <class Algorithm, class T, class Op>
struct custom_hub
{};

namespace detail
{
template <class Algorithm, class T, class Op, class = void>
inline constexpr bool has_custom_hub = false;
template <class Algorithm, class T, class Op>
inline constexpr bool has_custom_hub<Algorithm, T, Op, ::cuda::std::void_t<decltype(custom_hub<Algorithm, T, Op>::registered)>> =
  custom_hub<Algorithm, T, Op>::registered;

// From CCCL 3.5: whether the registration also carries the winners as a policy selector
// (`has_selector` and the member template `selector`), for the API's tuning environment.
template <class Algorithm, class T, class Op, class = void>
inline constexpr bool has_custom_selector = false;
template <class Algorithm, class T, class Op>
inline constexpr bool
  has_custom_selector<Algorithm, T, Op, ::cuda::std::void_t<decltype(custom_hub<Algorithm, T, Op>::has_selector)>> =
    custom_hub<Algorithm, T, Op>::has_selector;

/// The registration where one is registered for exactly this type and operator, else `Shipped`: both
/// carry the member template `hub`, so that a call dispatches through one path whichever serves it.
template <class Algorithm, class T, class Op, class Shipped>
using hubs_for =
  ::cuda::std::conditional_t<has_custom_hub<Algorithm, T, Op>, custom_hub<Algorithm, T, Op>, Shipped>;
} // namespace detail
} // namespace policytune
