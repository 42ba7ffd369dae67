// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: std::chrono::steady_clock, included cheaply.
#pragma once

// <chrono> drags in the C++20 calendar and time zone machinery; libstdc++ keeps the clocks in
// <bits/chrono.h>, which is all the harness needs. Host benchmarks compile noticeably faster.
#if defined(__GLIBCXX__) && defined(__has_include)
#  if __has_include(<bits/chrono.h>)
#    include <bits/chrono.h>
#  else
#    include <chrono>
#  endif
#else
#  include <chrono>
#endif

namespace policytune::bench::detail
{
using steady_clock = std::chrono::steady_clock;

inline double seconds_between(steady_clock::time_point a, steady_clock::time_point b)
{
  return std::chrono::duration<double>(b - a).count();
}
} // namespace policytune::bench::detail
