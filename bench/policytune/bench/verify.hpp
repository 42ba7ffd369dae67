// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: verification (Kernel Tuner's answer / verify / atol).
//
// A benchmark registers a verifier with state.verify_with(callable) before state.exec(). exec() runs
// the kernel once, synchronises and calls the verifier; a failed verification makes the state
// `wrong_result` (with `detail` as its reason) and no samples are taken.
#pragma once

#include <policytune/bench/element_differences.hpp>
#include <policytune/bench/types.hpp>

#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

namespace policytune::bench
{
struct verification
{
  bool passed = true;
  std::string detail;
};

inline verification passed() { return {true, {}}; }
inline verification failed(std::string detail) { return {false, std::move(detail)}; }

namespace detail
{
template <class C, class = void>
struct is_indexable : std::false_type
{};
template <class C>
struct is_indexable<C, std::void_t<decltype(std::declval<const C&>().size()), decltype(std::declval<const C&>()[0])>>
    : std::true_type
{};

template <class T>
inline constexpr bool is_int128_v = false;
#if POLICYTUNE_BENCH_HAS_INT128
template <>
inline constexpr bool is_int128_v<int128_t> = true;
template <>
inline constexpr bool is_int128_v<uint128_t> = true;
#endif

/// Prints `v` into `buf` (64 bytes) for a verification message.
template <class T>
void format_value(char* buf, const T& v)
{
  constexpr std::size_t size = 64;
  if constexpr (std::is_same_v<T, bool>)
  {
    std::snprintf(buf, size, "%s", v ? "true" : "false");
  }
  else if constexpr (std::is_floating_point_v<T>)
  {
    std::snprintf(buf, size, sizeof(T) <= 4 ? "%.9g" : "%.17g", static_cast<double>(v));
  }
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
  {
    std::snprintf(buf, size, "%lld", static_cast<long long>(v));
  }
  else if constexpr (std::is_integral_v<T>)
  {
    std::snprintf(buf, size, "%llu", static_cast<unsigned long long>(v));
  }
#if POLICYTUNE_BENCH_HAS_INT128
  else if constexpr (is_int128_v<T>)
  {
    const bool negative = v < 0;
    uint128_t u         = negative ? uint128_t(0) - static_cast<uint128_t>(v) : static_cast<uint128_t>(v);
    char digits[48];
    int n = 0;
    do
    {
      digits[n++] = static_cast<char>('0' + static_cast<int>(u % 10));
      u /= 10;
    } while (u != 0);
    int k = 0;
    if (negative)
    {
      buf[k++] = '-';
    }
    while (n > 0)
    {
      buf[k++] = digits[--n];
    }
    buf[k] = '\0';
  }
#endif
  else if constexpr (std::is_enum_v<T>)
  {
    format_value(buf, static_cast<std::underlying_type_t<T>>(v));
  }
  else if constexpr (std::is_convertible_v<const T&, double>)
  {
    std::snprintf(buf, size, "%.17g", static_cast<double>(v));
  }
  else
  {
    std::snprintf(buf, size, "%s", "(a value that cannot be printed)");
  }
}

/// The message of a failed comparison (not a template: compiled once per program).
inline verification mismatch(const char* actual,
                             const char* expected,
                             const double* tolerance, // atol, rtol; or nullptr
                             const std::size_t* where) // first bad index, bad count, size; or nullptr
{
  char head[64] = "";
  char tol[96]  = "";
  char tail[96] = "";
  if (where != nullptr)
  {
    std::snprintf(head, sizeof head, "element %zu: ", where[0]);
    std::snprintf(tail, sizeof tail, " (%zu of %zu elements differ)", where[1], where[2]);
  }
  if (tolerance != nullptr)
  {
    std::snprintf(tol, sizeof tol, " (atol %g, rtol %g)", tolerance[0], tolerance[1]);
  }
  std::string text = head;
  text += "actual ";
  text += actual;
  text += ", expected ";
  text += expected;
  text += tol;
  text += tail;
  return {false, std::move(text)};
}

inline verification size_mismatch(std::size_t actual, std::size_t expected)
{
  char text[128];
  std::snprintf(text, sizeof text, "size mismatch: actual has %zu elements, expected %zu", actual, expected);
  return {false, text};
}

template <class A, class E>
bool equal_values(const A& a, const E& e)
{
  if constexpr (std::is_floating_point_v<A> || std::is_floating_point_v<E>)
  {
    if (!(a == a) && !(e == e))
    {
      return true; // both NaN
    }
  }
  return a == e;
}

/// Whether `a` is `e` within `atol + rtol * |e|` (numpy.isclose); a NaN matches a NaN only, an
/// infinity itself only. The tolerance test of every check: expect_close, and base's reference output.
inline bool close_values(double a, double e, double atol, double rtol)
{
  const bool a_nan = !(a == a), e_nan = !(e == e);
  if (a_nan || e_nan)
  {
    return a_nan && e_nan;
  }
  if (a == e)
  {
    return true; // also equal infinities
  }
  const double inf = std::numeric_limits<double>::infinity();
  if (a == inf || a == -inf || e == inf || e == -inf)
  {
    return false; // no tolerance reaches an infinity (-inf against inf would: inf <= rtol * inf)
  }
  const double diff = a > e ? a - e : e - a;
  const double mag  = e < 0 ? -e : e;
  return diff <= atol + rtol * mag; // numpy.isclose
}

template <class A, class E, class Eq>
verification compare(const A& actual, const E& expected, Eq eq, const double* tolerance)
{
  char a_text[64], e_text[64];
  if constexpr (is_indexable<A>::value || is_indexable<E>::value)
  {
    static_assert(is_indexable<A>::value && is_indexable<E>::value,
                  "expect_equal / expect_close: compare a container with a container, a value with a value");
    const std::size_t na = static_cast<std::size_t>(actual.size());
    const std::size_t ne = static_cast<std::size_t>(expected.size());
    if (na != ne)
    {
      return size_mismatch(na, ne);
    }
    const element_differences bad = find_differences(na, [&](std::size_t i) {
      return eq(actual[i], expected[i]);
    });
    if (!bad.any())
    {
      return {};
    }
    format_value(a_text, actual[bad.first]);
    format_value(e_text, expected[bad.first]);
    const std::size_t where[3] = {bad.first, bad.count, na};
    return mismatch(a_text, e_text, tolerance, where);
  }
  else
  {
    if (eq(actual, expected))
    {
      return {};
    }
    format_value(a_text, actual);
    format_value(e_text, expected);
    return mismatch(a_text, e_text, tolerance, nullptr);
  }
}
} // namespace detail

/// Exact comparison of two host containers (anything with size() and operator[]: std::vector,
/// std::array, std::span, ...) or of two values. NaN equals NaN.
template <class A, class E>
verification expect_equal(const A& actual, const E& expected)
{
  return detail::compare(
    actual,
    expected,
    [](const auto& a, const auto& e) {
      return detail::equal_values(a, e);
    },
    nullptr);
}

/// numpy.isclose: |actual - expected| <= atol + rtol * |expected|, element by element (values are
/// compared as doubles).
template <class A, class E>
verification expect_close(const A& actual, const E& expected, double atol = 1e-6, double rtol = 1e-5)
{
  const double tolerance[2] = {atol, rtol};
  return detail::compare(
    actual,
    expected,
    [atol, rtol](const auto& a, const auto& e) {
      return detail::close_values(static_cast<double>(a), static_cast<double>(e), atol, rtol);
    },
    tolerance);
}
} // namespace policytune::bench
