// SPDX-License-Identifier: Apache-2.0
// The host side of bench/histogram/even.cu's verification: the bins of an even histogram, computed
// sequentially, and a variant's histogram checked against them and against CUB's. Apart so that the
// unit tests exercise it without a GPU (tests/bench/histogram_even_check.test.cpp).
#pragma once

#include <policytune/bench/verify.hpp>

#include <cstddef>
#include <optional>
#include <type_traits>
#include <vector>

namespace policytune::bench::histogram
{
/// The bin of `sample` among `num_levels - 1` equal bins of [lower, upper), as
/// cub::DeviceHistogram::HistogramEven defines it: (sample - lower) * bins / (upper - lower),
/// rounded down; none outside the range. Integers are computed exactly, floating point in long
/// double (the benchmark's float samples are whole numbers and its bins one unit wide, so every
/// formulation agrees).
template <class SampleT, class LevelT>
std::optional<std::size_t> bin_of(SampleT sample, int num_levels, LevelT lower, LevelT upper)
{
  if (num_levels < 2 || !(lower < upper) || sample < lower || !(sample < upper))
  {
    return std::nullopt;
  }
  const auto bins = static_cast<unsigned long long>(num_levels - 1);
  if constexpr (std::is_integral_v<SampleT> && std::is_integral_v<LevelT>)
  {
    const auto offset = static_cast<unsigned long long>(static_cast<long long>(sample) - static_cast<long long>(lower));
    const auto width  = static_cast<unsigned long long>(static_cast<long long>(upper) - static_cast<long long>(lower));
    return static_cast<std::size_t>(static_cast<unsigned __int128>(offset) * bins / width);
  }
  else
  {
    const long double position = (static_cast<long double>(sample) - static_cast<long double>(lower))
                               / (static_cast<long double>(upper) - static_cast<long double>(lower));
    const auto bin = static_cast<std::size_t>(position * static_cast<long double>(bins));
    return bin < bins ? bin : bins - 1;
  }
}

template <class CounterT, class SampleT, class LevelT>
std::vector<CounterT> histogram_even(const std::vector<SampleT>& samples, int num_levels, LevelT lower, LevelT upper)
{
  std::vector<CounterT> counts(num_levels > 1 ? static_cast<std::size_t>(num_levels - 1) : 0);
  for (const SampleT& sample : samples)
  {
    if (const auto bin = bin_of(sample, num_levels, lower, upper))
    {
      ++counts[*bin];
    }
  }
  return counts;
}

/// A variant's histogram checked against the sequential binning and against what
/// cub::DeviceHistogram::HistogramEven counted.
template <class CounterT, class SampleT, class LevelT>
verification check(const std::vector<SampleT>& samples,
                   int num_levels,
                   LevelT lower,
                   LevelT upper,
                   const std::vector<CounterT>& actual,
                   const std::vector<CounterT>& from_cub)
{
  verification against_definition = expect_equal(actual, histogram_even<CounterT>(samples, num_levels, lower, upper));
  if (!against_definition.passed)
  {
    against_definition.detail = "bin counts: " + against_definition.detail;
    return against_definition;
  }
  verification against_cub = expect_equal(actual, from_cub);
  if (!against_cub.passed)
  {
    against_cub.detail = "differs from cub::DeviceHistogram::HistogramEven: " + against_cub.detail;
  }
  return against_cub;
}
} // namespace policytune::bench::histogram
