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
} // namespace custom
} // namespace policytune
