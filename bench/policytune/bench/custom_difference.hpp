// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: a variant's output of a user's own type compared with the library's,
// element by element, with the user's policytune::verification<T>::same (bench/custom/*.cu.in), by
// the comparison every check shares (element_differences.hpp). Host-only C++.
#pragma once

#include <policytune/bench/element_differences.hpp>

#include <cstddef>
#include <string>

namespace policytune
{
// Declared as in policytune/custom_types.cuh, which needs CCCL's headers: this one does not.
template <class T>
struct verification;
} // namespace policytune

namespace policytune::bench
{
/// Empty when every one of the `count` items of `actual` is the same as that of `expected` by
/// verification<T>::same, else which element of `what` differs first and how many differ. No
/// values in the text: a user's type need not print.
template <class T>
std::string first_custom_difference(const std::string& what, const T* actual, const T* expected, std::size_t count)
{
  const element_differences differ = find_differences(count, [&](std::size_t i) {
    return ::policytune::verification<T>::same(expected[i], actual[i]);
  });
  if (!differ.any())
  {
    return {};
  }
  return what + " element " + std::to_string(differ.first) + " differs (" + std::to_string(differ.count) + " of "
       + std::to_string(count) + " differ)";
}
} // namespace policytune::bench
