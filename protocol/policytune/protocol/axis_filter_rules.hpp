// SPDX-License-Identifier: Apache-2.0
// The harness protocol's `--axis` / `-a` filter rules: which axis values a filter selects.
//
// A filter is `Name=value`, `Name=[v1,v2]` or `Name[pow2]=exponent`. The harness runs only the
// states whose axis values a filter of that axis selects (bench/policytune/bench/axis_filters.hpp);
// the tool checks before a search that each filter selects something (generator/axis_filter.cpp).
// Both decide it here, so that what the tool checks is what the harness runs.
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>

namespace policytune::protocol
{
/// The suffix of an axis name in a filter whose values are the exponents of powers of two.
inline constexpr const char pow2_suffix[] = "[pow2]";
inline constexpr std::size_t pow2_suffix_size = sizeof(pow2_suffix) - 1;

/// Removes a trailing `[pow2]` from `name`; whether there was one. (`[pow2]` alone leaves an
/// empty name, which both ends reject.)
inline bool strip_pow2_suffix(std::string& name)
{
  if (name.size() < pow2_suffix_size
      || std::memcmp(name.data() + name.size() - pow2_suffix_size, pow2_suffix, pow2_suffix_size) != 0)
  {
    return false;
  }
  name.resize(name.size() - pow2_suffix_size);
  return true;
}

/// The decimal integer [begin, end) (strtoll's syntax: leading blanks and a sign allowed), false
/// when that is not all of it or it does not fit.
inline bool parse_integer(const char* begin, const char* end, long long& out)
{
  if (begin == end)
  {
    return false;
  }
  char buf[64];
  const std::size_t n = static_cast<std::size_t>(end - begin);
  if (n >= sizeof buf)
  {
    return false;
  }
  std::memcpy(buf, begin, n);
  buf[n]     = '\0';
  char* stop = nullptr;
  errno      = 0;
  out        = std::strtoll(buf, &stop, 10);
  return errno == 0 && stop == buf + n;
}

inline bool parse_integer(const std::string& text, long long& out)
{
  return parse_integer(text.data(), text.data() + text.size(), out);
}

/// The number `text` (strtod's syntax), false when that is not all of it or it is out of range.
inline bool parse_number(const std::string& text, double& out)
{
  if (text.empty())
  {
    return false;
  }
  char* end = nullptr;
  errno     = 0;
  out       = std::strtod(text.c_str(), &end);
  return errno == 0 && end == text.c_str() + text.size();
}

/// Whether the int64 filter item `item` (a number, or a range `start:end[:step]` that includes
/// `end`) contains `x`.
inline bool integer_item_contains(const std::string& item, long long x)
{
  const char* b  = item.c_str();
  const char* e  = b + item.size();
  const char* c1 = std::strchr(b, ':');
  if (c1 == nullptr)
  {
    long long v = 0;
    return parse_integer(b, e, v) && v == x;
  }
  const char* c2  = std::strchr(c1 + 1, ':');
  long long start = 0, end = 0, step = 1;
  if (!parse_integer(b, c1, start) || !parse_integer(c1 + 1, c2 != nullptr ? c2 : e, end)
      || (c2 != nullptr && !parse_integer(c2 + 1, e, step)) || step <= 0)
  {
    return false;
  }
  return x >= start && x <= end && (x - start) % step == 0;
}

/// Whether item `item` of an int64 axis' filter selects the value `value` (on a power-of-two axis,
/// the power itself, not its exponent). A `[pow2]` filter names exponents: it selects powers of
/// two 2^e with e in the item, and nothing else.
inline bool int64_item_selects(const std::string& item, long long value, bool pow2_filter)
{
  if (!pow2_filter)
  {
    return integer_item_contains(item, value);
  }
  if (value <= 0 || (value & (value - 1)) != 0)
  {
    return false;
  }
  long long e = 0;
  while ((1LL << e) != value)
  {
    ++e;
  }
  return integer_item_contains(item, e);
}

/// Whether item `item` of a float64 axis' filter selects the value `value`: the same number.
inline bool float64_item_selects(const std::string& item, double value)
{
  double v = 0;
  return parse_number(item, v) && v == value;
}

/// Whether item `item` of a type or string axis' filter selects the value written `value`.
inline bool label_item_selects(const std::string& item, const std::string& value)
{
  return value == item;
}
} // namespace policytune::protocol
