// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the host-side comparison of a variant's output with the library's
// reference output, bit for bit, reporting the first element that differs (the comparison every
// check shares, element_differences.hpp). Host-only C++, so that benchmarks' checks built on it are
// unit-tested without a GPU.
#pragma once

#include <policytune/bench/element_differences.hpp>

#include <cstddef>
#include <cstring>
#include <sstream>
#include <string>
#include <type_traits>

namespace policytune::bench
{
/// A value as text; 8-bit integers print as numbers, not characters.
template <class T>
std::string value_text(const T& value)
{
  std::ostringstream out;
  if constexpr (std::is_integral_v<T>)
  {
    out << +value;
  }
  else
  {
    out << value;
  }
  return out.str();
}

/// Empty when the `count` items of `actual` equal those of `expected` bit for bit (every right output
/// is unique: the algorithms checked are stable), else which element of `what` differs first and
/// how many differ. Bits, not ==: a NaN or -0.0 the library wrote must come back as written.
template <class T>
std::string first_difference(const std::string& what, const T* actual, const T* expected, std::size_t count)
{
  const element_differences differ = find_differences(count, [&](std::size_t i) {
    return std::memcmp(actual + i, expected + i, sizeof(T)) == 0;
  });
  if (!differ.any())
  {
    return {};
  }
  return what + " element " + std::to_string(differ.first) + ": got " + value_text(actual[differ.first]) + ", want "
       + value_text(expected[differ.first]) + " (" + std::to_string(differ.count) + " of " + std::to_string(count)
       + " differ)";
}

/// Empty when a count equals the reference's, else both.
inline std::string count_difference(const std::string& what, long long actual, long long expected)
{
  if (actual == expected)
  {
    return {};
  }
  return what + ": got " + std::to_string(actual) + ", want " + std::to_string(expected);
}
} // namespace policytune::bench
