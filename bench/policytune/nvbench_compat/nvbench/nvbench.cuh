// SPDX-License-Identifier: Apache-2.0
// PolicyTune's stand-in for NVBench's <nvbench/nvbench.cuh>, so that CUB's tuning benchmarks
// build unchanged against PolicyTune's harness (`policytune search` puts this folder on the
// include path). What NVBench offers beyond the harness's own vocabulary (bench/README.md) is
// added here: `nvbench::tl::get`, `nvbench::enum_type`, `nvbench::enum_type_list` and
// NVBENCH_CUDA_CALL_NOEXCEPT. A state without a check of its own is verified against
// base's output (policytune/bench/reference_output.hpp, installed by <nvbench_helper.cuh>).
#pragma once

// CUB's helper defines its own global type lists (with `complex`); real NVBench has none.
#define POLICYTUNE_BENCH_NO_GLOBAL_TYPE_LISTS
#include <policytune/bench.hpp>

#include <cstddef>
#include <type_traits>

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

namespace policytune::bench
{
/// NVBench's `enum_type<Value>`: a value on a type axis (CUB's segmented top-k sizes).
template <auto Value, class T = decltype(Value)>
struct enum_type : std::integral_constant<T, Value>
{};

/// NVBench's `enum_type_list<Values...>`: a type axis of values.
template <auto... Values>
using enum_type_list = type_list<enum_type<Values>...>;

namespace detail
{
/// The decimal digits of an integer, as a constant string (`64` -> "64").
template <auto Value>
struct decimal_text
{
  static constexpr std::size_t length()
  {
    std::size_t n = Value < 0 ? 2 : 1;
    for (auto rest = Value / 10; rest != 0; rest /= 10)
    {
      ++n;
    }
    return n;
  }
  static constexpr auto make()
  {
    struct text
    {
      char chars[length() + 1]{};
    } result{};
    auto rest = Value;
    for (std::size_t i = length(); i-- > (Value < 0 ? 1u : 0u);)
    {
      const auto digit = static_cast<long long>(rest % 10);  // signed: a negative value's digits are too
      result.chars[i]  = static_cast<char>('0' + (digit < 0 ? -digit : digit));
      rest /= 10;
    }
    if (Value < 0)
    {
      result.chars[0] = '-';
    }
    return result;
  }
  static constexpr auto value = make();
};

/// `Prefix`, the value and '>': how a variant's build names a value on a type axis
/// (`-DTUNE_K=::policytune::bench::enum_type<64>`). `Prefix` is a constant string of static storage.
template <const char* Prefix, auto Value>
struct value_spelling
{
  static constexpr std::size_t prefix_length()
  {
    std::size_t n = 0;
    while (Prefix[n] != '\0')
    {
      ++n;
    }
    return n;
  }
  static constexpr auto make()
  {
    struct text
    {
      char chars[prefix_length() + decimal_text<Value>::length() + 2]{};
    } result{};
    std::size_t at = 0;
    for (std::size_t i = 0; i < prefix_length(); ++i)
    {
      result.chars[at++] = Prefix[i];
    }
    for (std::size_t i = 0; i < decimal_text<Value>::length(); ++i)
    {
      result.chars[at++] = decimal_text<Value>::value.chars[i];
    }
    result.chars[at] = '>';
    return result;
  }
  static constexpr auto value = make();
};

inline constexpr char enum_type_prefix[] = "::policytune::bench::enum_type<";
} // namespace detail

/// An enum_type value is labelled by its number, as NVBench does (`MaxSegmentSize{ct}=64`).
template <auto Value, class T>
struct type_strings<enum_type<Value, T>>
{
  static constexpr const char* label    = detail::decimal_text<Value>::value.chars;
  static constexpr const char* spelling = detail::value_spelling<detail::enum_type_prefix, Value>::value.chars;
};
} // namespace policytune::bench

#if POLICYTUNE_BENCH_CUDA
#  include <cstdio>

#  include <cuda_runtime_api.h>

/// NVBench's NVBENCH_CUDA_CALL_NOEXCEPT: a runtime call whose failure is reported on stderr, not
/// thrown (what follows it fails in turn, and the state with it).
#  define NVBENCH_CUDA_CALL_NOEXCEPT(call)                                                              \
    do                                                                                                  \
    {                                                                                                   \
      const cudaError_t policytune_bench_error = (call);                                                \
      if (policytune_bench_error != cudaSuccess)                                                        \
      {                                                                                                 \
        std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                              \
                     cudaGetErrorString(policytune_bench_error));                                       \
      }                                                                                                 \
    } while (false)
#endif
