// SPDX-License-Identifier: Apache-2.0
// The host side of bench/scan/exclusive/sum_by_key.cu's verification, apart so that the unit tests
// exercise it without a GPU (tests/bench/scan_exclusive_sum_by_key_check.test.cpp).
#pragma once

#include <policytune/bench/verify.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace policytune::bench::scan_by_key
{
/// The exclusive sum by key, sequentially: each run of equal keys starts again from zero.
template <class KeyT, class ValueT>
std::vector<ValueT> exclusive_sum_by_key(const std::vector<KeyT>& keys, const std::vector<ValueT>& values)
{
  std::vector<ValueT> out(values.size());
  ValueT running{};
  for (std::size_t i = 0; i < values.size(); ++i)
  {
    if (i == 0 || !(keys[i] == keys[i - 1]))
    {
      running = ValueT{};
    }
    out[i]  = running;
    running = static_cast<ValueT>(running + values[i]);
  }
  return out;
}

/// A variant's output checked twice: against the sequential definition (every sum is exact: the
/// benchmark's values are small integers) and against what cub::DeviceScan::ExclusiveSumByKey gave.
template <class KeyT, class ValueT>
verification check(const std::vector<KeyT>& keys,
                   const std::vector<ValueT>& values,
                   const std::vector<ValueT>& actual,
                   const std::vector<ValueT>& from_cub)
{
  verification against_definition = expect_equal(actual, exclusive_sum_by_key(keys, values));
  if (!against_definition.passed)
  {
    against_definition.detail = "not the exclusive sum by key: " + against_definition.detail;
    return against_definition;
  }
  verification against_cub = expect_equal(actual, from_cub);
  if (!against_cub.passed)
  {
    against_cub.detail = "differs from cub::DeviceScan::ExclusiveSumByKey: " + against_cub.detail;
  }
  return against_cub;
}
} // namespace policytune::bench::scan_by_key
