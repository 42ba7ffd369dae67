// SPDX-License-Identifier: Apache-2.0
// The host side of bench/merge_sort/keys.cu's verification: a variant's keys must be in order, hold
// the same keys as the input, and equal what cub::DeviceMergeSort::SortKeys gave. Apart so that the
// unit tests exercise it without a GPU (tests/bench/merge_sort_sorted_check.test.cpp).
#pragma once

#include <policytune/bench/verify.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace policytune::bench::merge_sort
{
/// The first index whose key is ordered before its predecessor, or `keys.size()` when sorted.
template <class KeyT, class CompareOpT>
std::size_t first_unsorted(const std::vector<KeyT>& keys, CompareOpT compare)
{
  for (std::size_t i = 1; i < keys.size(); ++i)
  {
    if (compare(keys[i], keys[i - 1]))
    {
      return i;
    }
  }
  return keys.size();
}

/// An order-independent digest of the keys' bits (a sum and a xor of mixed words): a permutation
/// keeps it, a key lost, duplicated or changed changes it (but for a 2^-64 chance).
template <class KeyT>
std::uint64_t multiset_digest(const std::vector<KeyT>& keys)
{
  std::uint64_t sum = 0, mixed_xor = 0;
  for (const KeyT& key : keys)
  {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &key, sizeof(KeyT) < sizeof bits ? sizeof(KeyT) : sizeof bits);
    std::uint64_t h = (bits + 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
    sum += h;
    mixed_xor ^= h * 0x94D049BB133111EBull;
  }
  return sum ^ (mixed_xor << 1);
}

/// A variant's output checked: in order, a permutation of `input`, and equal to CUB's output.
template <class KeyT, class CompareOpT>
verification check(const std::vector<KeyT>& input,
                   const std::vector<KeyT>& actual,
                   const std::vector<KeyT>& from_cub,
                   CompareOpT compare)
{
  if (actual.size() != input.size())
  {
    return failed("sorted " + std::to_string(actual.size()) + " keys of " + std::to_string(input.size()));
  }
  if (const std::size_t at = first_unsorted(actual, compare); at != actual.size())
  {
    return failed("not sorted: key " + std::to_string(at) + " is ordered before key " + std::to_string(at - 1));
  }
  if (multiset_digest(actual) != multiset_digest(input))
  {
    return failed("the sorted keys are not a permutation of the input");
  }
  verification against_cub = expect_equal(actual, from_cub);
  if (!against_cub.passed)
  {
    against_cub.detail = "differs from cub::DeviceMergeSort::SortKeys: " + against_cub.detail;
  }
  return against_cub;
}
} // namespace policytune::bench::merge_sort
