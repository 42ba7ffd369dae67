// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: type lists, in one place: nvbench::type_list (the values of one type
// axis), what the harness computes from them at compile time (the cartesian product of a
// benchmark's type axes, a type's position on its axis), and CUB's predefined lists, narrowed by
// the TUNE_ macros.
//
// When the driver builds one compile-time workload it defines TUNE_<axis> to that workload's type
// (`-DTUNE_T=float`), and the list collapses to that one type, so a variant compiles only what it
// is measured on. The lists are those of CUB's tuning documentation:
//
//   axis          list                 types
//   T{ct}         integral_types       int8_t, int16_t, int32_t, int64_t
//   T{ct}         fundamental_types    integral_types and int128_t (where the compiler has it), float, double
//   T{ct}         all_types            fundamental_types (the harness has no complex type)
//   OffsetT{ct}   offset_types         int32_t, int64_t
#pragma once

#include <policytune/bench/types.hpp>

#include <cstddef>
#include <type_traits>

namespace policytune::bench
{
/// The values of one type axis (NVBench's `nvbench::type_list`).
template <class... Ts>
struct type_list
{};

namespace detail
{
template <class... Lists>
struct concat;
template <>
struct concat<>
{
  using type = type_list<>;
};
template <class... A>
struct concat<type_list<A...>>
{
  using type = type_list<A...>;
};
template <class... A, class... B, class... Rest>
struct concat<type_list<A...>, type_list<B...>, Rest...>
{
  using type = typename concat<type_list<A..., B...>, Rest...>::type;
};

/// `type_list<T, Us...>` for each `type_list<Us...>` of `Combos`.
template <class T, class Combos>
struct prepend_each;
template <class T, class... Combos>
struct prepend_each<T, type_list<Combos...>>
{
  template <class C>
  struct one;
  template <class... Us>
  struct one<type_list<Us...>>
  {
    using type = type_list<T, Us...>;
  };
  using type = type_list<typename one<Combos>::type...>;
};

template <class... Axes>
struct cartesian;
template <>
struct cartesian<>
{
  using type = type_list<type_list<>>;
};
template <class... Ts, class... Rest>
struct cartesian<type_list<Ts...>, Rest...>
{
  using rest = typename cartesian<Rest...>::type;
  using type = typename concat<typename prepend_each<Ts, rest>::type...>::type;
};

template <class T, class List>
struct index_in_list;
template <class T, class... Ts>
struct index_in_list<T, type_list<Ts...>>
{
  static constexpr std::size_t value()
  {
    constexpr bool same[] = {std::is_same_v<T, Ts>..., false};
    std::size_t i         = 0;
    while (i < sizeof...(Ts) && !same[i])
    {
      ++i;
    }
    return i;
  }
};
} // namespace detail

/// Every combination of one type from each list, a `type_list` of `type_list`s, in declaration order
/// with the last list fastest (the order the states of a benchmark run in).
template <class... Lists>
using cartesian_product = typename detail::cartesian<Lists...>::type;

/// The position of `T` in `List` (a type_list); the list's size where it is not there.
template <class T, class List>
inline constexpr std::size_t index_in = detail::index_in_list<T, List>::value();

#ifdef TUNE_T
using integral_types    = type_list<TUNE_T>;
using fundamental_types = type_list<TUNE_T>;
using all_types         = type_list<TUNE_T>;
#else
using integral_types = type_list<int8_t, int16_t, int32_t, int64_t>;
#  if POLICYTUNE_BENCH_HAS_INT128
using fundamental_types = type_list<int8_t, int16_t, int32_t, int64_t, int128_t, float, double>;
#  else
using fundamental_types = type_list<int8_t, int16_t, int32_t, int64_t, float, double>;
#  endif
using all_types = fundamental_types;
#endif

#ifdef TUNE_OffsetT
using offset_types = type_list<TUNE_OffsetT>;
#else
using offset_types = type_list<int32_t, int64_t>;
#endif
} // namespace policytune::bench

// CUB's benchmarks name these lists (and int128_t) unqualified at global scope.
#ifndef POLICYTUNE_BENCH_NO_GLOBAL_TYPE_LISTS
using policytune::bench::all_types;
using policytune::bench::fundamental_types;
using policytune::bench::integral_types;
using policytune::bench::offset_types;
#  if POLICYTUNE_BENCH_HAS_INT128
using policytune::bench::int128_t;
using policytune::bench::uint128_t;
#  endif
#endif
