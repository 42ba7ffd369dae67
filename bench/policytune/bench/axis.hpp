// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: benchmark axes and nvbench::range.
#pragma once

#include <policytune/bench/types.hpp>

#include <charconv>
#include <string>
#include <type_traits>
#include <vector>

namespace policytune::bench
{
enum class axis_kind
{
  type,
  int64,
  float64,
  string
};

/// NVBench's flags for add_int64_axis.
enum class int64_axis_flags
{
  none         = 0,
  power_of_two = 1
};

/// One axis of a benchmark. `values` holds each value as it is written in workload strings and on
/// the command line: the label of a type, the decimal integer (the exponent on a power-of-two
/// axis), the shortest round-trip form of a double, the string itself.
struct axis
{
  std::string name;
  axis_kind kind = axis_kind::int64;
  bool pow2      = false;
  std::vector<std::string> values;
  std::vector<std::string> spellings; // type axes: the C++ spelling of each value
  std::vector<int64_t> ints;          // int64 axes: the values as given (exponents on pow2 axes)
  std::vector<double> floats;         // float64 axes

  /// The value a benchmark sees for an int64 axis (2^exponent on a power-of-two axis).
  int64_t int_value(std::size_t i) const { return pow2 ? int64_t{1} << ints[i] : ints[i]; }
};

namespace detail
{
inline std::string format_axis_double(double v)
{
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}
} // namespace detail

/// NVBench's `nvbench::range(start, end, step)`: start, start + step, ... up to and including end.
template <class A, class B, class C = int>
auto range(A start, B end, C step = 1)
{
  using common = std::common_type_t<A, B, C>;
  if constexpr (std::is_floating_point_v<common>)
  {
    std::vector<double> out;
    const double s = static_cast<double>(step);
    if (s > 0)
    {
      // A little slack so that 0.1 steps reach an end of 1.0.
      for (double v = static_cast<double>(start), e = static_cast<double>(end) + s * 1e-9; v <= e;
           v = static_cast<double>(start) + s * static_cast<double>(out.size()))
      {
        out.push_back(v);
        if (out.size() > 10000000)
        {
          break;
        }
      }
    }
    return out;
  }
  else
  {
    std::vector<int64_t> out;
    const auto s = static_cast<int64_t>(step);
    if (s > 0)
    {
      for (auto v = static_cast<int64_t>(start); v <= static_cast<int64_t>(end); v += s)
      {
        out.push_back(v);
      }
    }
    return out;
  }
}
} // namespace policytune::bench
