// SPDX-License-Identifier: Apache-2.0
// Host side of bench/select/{if,unique}.cu and bench/partition/three_way.cu: what the Entropy axis
// selects, and the comparison of a variant's selection with cub::DeviceSelect's or
// cub::DevicePartition's. Host-only C++ (unit-tested in tests/bench/select/).
#pragma once

#include <policytune/bench/first_difference.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace policytune::bench::selection
{
/// Inputs are integers uniform in [0, value_bound) (fill_uniform_below), small enough for every type.
inline constexpr unsigned value_bound = 100;

/// CUB's Entropy axis of its select and partition benchmarks, read as CUB reads it there (the
/// fraction of the value range below the predicate's threshold): the threshold t of `x < t`.
inline int threshold_for_entropy(const std::string& entropy)
{
  if (entropy == "1.000")
  {
    return 100;
  }
  if (entropy == "0.544")
  {
    return 54;
  }
  if (entropy == "0.000")
  {
    return 0;
  }
  throw std::invalid_argument("Entropy '" + entropy + "' is not one of 1.000 0.544 0.000");
}

/// A selection as copied back from the device: how many items were selected, and the output buffer
/// (at least that many items).
template <class T>
struct selected
{
  long long count = 0;
  std::vector<T> items;
};

/// Empty when `actual` selected what the library's public API selected (`expected`), in the same
/// order; else the first difference. `what` names the output ("selected", "first part").
template <class T>
std::string compare_selection(const std::string& what, const selected<T>& actual, const selected<T>& expected)
{
  if (auto counts = count_difference(what + " count", actual.count, expected.count); !counts.empty())
  {
    return counts;
  }
  const auto count = static_cast<std::size_t>(expected.count);
  if (expected.count < 0 || actual.items.size() < count || expected.items.size() < count)
  {
    return what + ": " + std::to_string(expected.count) + " items do not fit the output buffers";
  }
  return first_difference(what, actual.items.data(), expected.items.data(), count);
}

/// The three outputs of a three-way partition: the first part, the second, and the rest. The
/// unselected items are n - first - second, written from the start of their own buffer.
template <class T>
std::string compare_three_way(const selected<T> (&actual)[3], const selected<T> (&expected)[3])
{
  static const char* const names[3] = {"first part", "second part", "unselected part"};
  for (int part = 0; part < 3; ++part)
  {
    if (auto difference = compare_selection(names[part], actual[part], expected[part]); !difference.empty())
    {
      return difference;
    }
  }
  return {};
}
} // namespace policytune::bench::selection
