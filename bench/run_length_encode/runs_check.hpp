// SPDX-License-Identifier: Apache-2.0
// The host side of the run-length benchmarks' verification (bench/run_length_encode/encode.cu and
// non_trivial_runs.cu): the runs of an input, counted sequentially, and a variant's output checked
// against them and against CUB's. Apart so that the unit tests exercise it without a GPU
// (tests/bench/run_length_encode_runs_check.test.cpp).
#pragma once

#include <policytune/bench/verify.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace policytune::bench::run_length
{
/// Every maximal run of equal keys: its first key, where it starts and how long it is.
template <class KeyT>
struct runs
{
  std::vector<KeyT> keys;
  std::vector<std::size_t> offsets;
  std::vector<std::size_t> lengths;
};

template <class KeyT>
runs<KeyT> count_runs(const std::vector<KeyT>& input)
{
  runs<KeyT> found;
  for (std::size_t i = 0; i < input.size(); ++i)
  {
    if (i == 0 || !(input[i] == input[i - 1]))
    {
      found.keys.push_back(input[i]);
      found.offsets.push_back(i);
      found.lengths.push_back(0);
    }
    ++found.lengths.back();
  }
  return found;
}

/// Only the runs longer than one, as cub::DeviceRunLengthEncode::NonTrivialRuns reports them.
template <class KeyT>
runs<KeyT> non_trivial(const runs<KeyT>& all)
{
  runs<KeyT> kept;
  for (std::size_t r = 0; r < all.keys.size(); ++r)
  {
    if (all.lengths[r] > 1)
    {
      kept.keys.push_back(all.keys[r]);
      kept.offsets.push_back(all.offsets[r]);
      kept.lengths.push_back(all.lengths[r]);
    }
  }
  return kept;
}

namespace detail
{
/// The first `count` elements of `values` as size_t, for comparison with a reference.
template <class T>
std::vector<std::size_t> widened(const std::vector<T>& values, std::size_t count)
{
  return std::vector<std::size_t>(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(count));
}

inline verification labelled(verification result, const std::string& what)
{
  if (!result.passed)
  {
    result.detail = what + ": " + result.detail;
  }
  return result;
}

/// The run count first (the arrays are only meaningful up to it), bounded by the outputs' size.
inline verification check_count(long long num_runs, std::size_t expected, std::size_t capacity)
{
  if (num_runs < 0 || static_cast<unsigned long long>(num_runs) > capacity)
  {
    return failed("the number of runs, " + std::to_string(num_runs) + ", is outside 0.."
                  + std::to_string(capacity));
  }
  return labelled(expect_equal(static_cast<std::size_t>(num_runs), expected), "number of runs");
}
} // namespace detail

/// An Encode output (`unique`, `counts`, `num_runs`; arrays as long as the input) checked against
/// the runs of `input`.
template <class KeyT, class LengthT>
verification check_encode(const std::vector<KeyT>& input,
                          const std::vector<KeyT>& unique,
                          const std::vector<LengthT>& counts,
                          long long num_runs)
{
  const runs<KeyT> expected = count_runs(input);
  if (auto result = detail::check_count(num_runs, expected.keys.size(), unique.size()); !result.passed)
  {
    return result;
  }
  const auto n = static_cast<std::size_t>(num_runs);
  if (auto result = expect_equal(std::vector<KeyT>(unique.begin(), unique.begin() + n), expected.keys); !result.passed)
  {
    return detail::labelled(result, "run keys");
  }
  return detail::labelled(expect_equal(detail::widened(counts, n), expected.lengths), "run lengths");
}

/// A NonTrivialRuns output (`offsets`, `lengths`, `num_runs`) checked against the runs of `input`.
template <class KeyT, class OffsetT, class LengthT>
verification check_non_trivial_runs(const std::vector<KeyT>& input,
                                    const std::vector<OffsetT>& offsets,
                                    const std::vector<LengthT>& lengths,
                                    long long num_runs)
{
  const runs<KeyT> expected = non_trivial(count_runs(input));
  if (auto result = detail::check_count(num_runs, expected.keys.size(), offsets.size()); !result.passed)
  {
    return result;
  }
  const auto n = static_cast<std::size_t>(num_runs);
  if (auto result = expect_equal(detail::widened(offsets, n), expected.offsets); !result.passed)
  {
    return detail::labelled(result, "run offsets");
  }
  return detail::labelled(expect_equal(detail::widened(lengths, n), expected.lengths), "run lengths");
}

/// A variant's output against what CUB's public API gave for the same input: the run count, then
/// the runs' two arrays (each cut to the run count by the caller). `api` names CUB's function.
template <class A, class B>
verification same_as_cub(const std::string& api,
                         long long num_runs,
                         long long cub_num_runs,
                         const std::vector<A>& first,
                         const std::vector<A>& cub_first,
                         const std::vector<B>& second,
                         const std::vector<B>& cub_second)
{
  verification result = expect_equal(num_runs, cub_num_runs);
  if (result.passed)
  {
    result = expect_equal(first, cub_first);
  }
  if (result.passed)
  {
    result = expect_equal(second, cub_second);
  }
  return detail::labelled(result, "differs from " + api);
}
} // namespace policytune::bench::run_length
