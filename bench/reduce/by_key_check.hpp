// SPDX-License-Identifier: Apache-2.0
// Host side of bench/reduce/by_key.cu: the comparison of a variant's runs (unique keys, their
// aggregates and how many) with cub::DeviceReduce::ReduceByKey's. Host-only C++ (unit-tested in
// tests/bench/reduce/).
#pragma once

#include <policytune/bench/first_difference.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace policytune::bench::by_key
{
/// A reduce-by-key result as copied back from the device: the number of runs, and each run's key and
/// aggregate (the buffers hold at least that many).
template <class KeyT, class ValueT>
struct runs
{
  long long count = 0;
  std::vector<KeyT> keys;
  std::vector<ValueT> aggregates;
};

/// Empty when `actual` found the runs the library's public API found, with the same keys and the same
/// aggregates bit for bit (the inputs keep every sum exact in any order); else the first difference.
template <class KeyT, class ValueT>
std::string compare_runs(const runs<KeyT, ValueT>& actual, const runs<KeyT, ValueT>& expected)
{
  if (auto counts = count_difference("run count", actual.count, expected.count); !counts.empty())
  {
    return counts;
  }
  const auto count = static_cast<std::size_t>(expected.count);
  if (expected.count < 0 || actual.keys.size() < count || actual.aggregates.size() < count
      || expected.keys.size() < count || expected.aggregates.size() < count)
  {
    return std::to_string(expected.count) + " runs do not fit the output buffers";
  }
  if (auto keys = first_difference("unique key", actual.keys.data(), expected.keys.data(), count); !keys.empty())
  {
    return keys;
  }
  return first_difference("aggregate", actual.aggregates.data(), expected.aggregates.data(), count);
}
} // namespace policytune::bench::by_key
