// SPDX-License-Identifier: Apache-2.0
// What PolicyTune needs to tune a stock algorithm for a type of yours (tune_algorithm(ALGORITHM ...
// HEADER ... TYPE ...)): the header that declares the type and its operator specialises
// policytune::verification for the type, so that every variant's output can be checked against
// CUB's before it is timed.
//
//   template <>
//   struct policytune::verification<geometry::vec3>
//   {
//     // The i-th item of the benchmark's input (called on the host).
//     static geometry::vec3 input(std::size_t i);
//     // Whether a variant's result equals CUB's: exact, or within a tolerance of yours (floating
//     // point sums differ in the last bits between policies, which sum in another order).
//     static bool same(const geometry::vec3& expected, const geometry::vec3& actual);
//   };
#pragma once

#include <cuda/std/tuple>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace policytune
{
/// Specialise for your type: `static T input(std::size_t)` and `static bool same(const T&, const T&)`.
template <class T>
struct verification;

namespace custom
{
/// Whether verification<T> is specialised with both members, as the benchmarks use them.
template <class T, class = void>
struct has_input : std::false_type
{};
template <class T>
struct has_input<T, std::void_t<decltype(verification<T>::input(std::size_t{}))>>
    : std::is_convertible<decltype(verification<T>::input(std::size_t{})), T>
{};
template <class T, class = void>
struct has_same : std::false_type
{};
template <class T>
struct has_same<T, std::void_t<decltype(verification<T>::same(std::declval<const T&>(), std::declval<const T&>()))>>
    : std::is_convertible<decltype(verification<T>::same(std::declval<const T&>(), std::declval<const T&>())), bool>
{};

/// Whether `Op` combines two `T`s into something a `T` holds: what reduce and scan apply.
template <class Op, class T, class = void>
struct is_binary_operator : std::false_type
{};
template <class Op, class T>
struct is_binary_operator<Op, T, std::void_t<decltype(std::declval<const Op&>()(std::declval<const T&>(), std::declval<const T&>()))>>
    : std::is_convertible<decltype(std::declval<const Op&>()(std::declval<const T&>(), std::declval<const T&>())), T>
{};

/// Whether a type is a cuda::std::tuple of lvalue references to arithmetic types: what CUB's radix
/// sort reads a key's bits through (at least one member: a key of no bits sorts nothing).
template <class Tuple>
struct is_tuple_of_arithmetic_references : std::false_type
{};
template <class... Members>
struct is_tuple_of_arithmetic_references<::cuda::std::tuple<Members...>>
    : std::bool_constant<(sizeof...(Members) > 0)
                         && ((std::is_lvalue_reference_v<Members>
                              && std::is_arithmetic_v<std::remove_reference_t<Members>>)
                             && ...)>
{};

/// Whether `Op` is a radix sort decomposer of `T`: called with a `T&`, as CUB's
/// cub::DeviceRadixSort calls it, it gives a cuda::std::tuple of references to `T`'s arithmetic
/// members, most significant first.
template <class Op, class T, class = void>
struct is_decomposer : std::false_type
{};
template <class Op, class T>
struct is_decomposer<Op, T, std::void_t<decltype(std::declval<Op>()(std::declval<T&>()))>>
    : is_tuple_of_arithmetic_references<decltype(std::declval<Op>()(std::declval<T&>()))>
{};

/// Whether `Op` is a selection predicate of `T`: called with a `const T&`, as cub::DeviceSelect::If
/// calls it, it gives something convertible to bool.
template <class Op, class T, class = void>
struct is_predicate : std::false_type
{};
template <class Op, class T>
struct is_predicate<Op, T, std::void_t<decltype(std::declval<const Op&>()(std::declval<const T&>()))>>
    : std::is_convertible<decltype(std::declval<const Op&>()(std::declval<const T&>())), bool>
{};
} // namespace custom
} // namespace policytune
