// SPDX-License-Identifier: Apache-2.0
// Host side of bench/radix_sort/pairs.cu: a key-value sort's output checked for order and compared
// with cub::DeviceRadixSort::SortPairs's. Host-only C++ (unit-tested in tests/bench/radix_sort/).
#pragma once

#include <policytune/bench/first_difference.hpp>

#include <cstddef>
#include <string>

namespace policytune::bench::radix_pairs
{
/// Empty when `keys` ascend (an equal neighbour is fine), else the first pair out of order. The
/// benchmark's keys are finite numbers, which order by < as a radix sort orders their bits.
template <class KeyT>
std::string first_descent(const KeyT* keys, std::size_t count)
{
  for (std::size_t i = 1; i < count; ++i)
  {
    if (keys[i] < keys[i - 1])
    {
      return "keys out of order at " + std::to_string(i) + ": " + value_text(keys[i - 1]) + " before "
           + value_text(keys[i]);
    }
  }
  return {};
}

/// Empty when the sorted keys ascend and keys and values equal the library's (`expected_*`) bit
/// for bit: a radix sort is stable, so values of equal keys keep their input order and the output
/// is unique. Else what is wrong first.
template <class KeyT, class ValueT>
std::string compare_sorted_pairs(const KeyT* keys,
                                 const ValueT* values,
                                 const KeyT* expected_keys,
                                 const ValueT* expected_values,
                                 std::size_t count)
{
  if (auto order = first_descent(keys, count); !order.empty())
  {
    return order;
  }
  if (auto difference = first_difference("key", keys, expected_keys, count); !difference.empty())
  {
    return difference;
  }
  return first_difference("value", values, expected_values, count);
}
} // namespace policytune::bench::radix_pairs
