// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the one comparison of two outputs element by element, which every
// check of an output goes through: expect_equal and expect_close (verify.hpp), the benchmarks'
// bit-for-bit checks (first_difference.hpp), a user's type (custom_difference.hpp) and base's
// reference output (reference_output.hpp). Each says what "the same" is; this finds the first
// element that is not and counts them. Host-only C++, no standard header beyond <cstddef>.
#pragma once

#include <cstddef>

namespace policytune::bench
{
/// Where two outputs differ: the first element that differs, and how many do (none: count 0).
struct element_differences
{
  std::size_t first = 0;
  std::size_t count = 0;

  bool any() const noexcept { return count != 0; }
};

/// The elements 0 .. size-1 for which `same(i)` is false.
template <class Same>
element_differences find_differences(std::size_t size, Same&& same)
{
  element_differences found;
  for (std::size_t i = 0; i < size; ++i)
  {
    if (!same(i))
    {
      found.first = found.count == 0 ? i : found.first;
      ++found.count;
    }
  }
  return found;
}
} // namespace policytune::bench
