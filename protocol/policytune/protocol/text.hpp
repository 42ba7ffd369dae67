// SPDX-License-Identifier: Apache-2.0
// The harness protocol's text rules: what counts as blank around a name, a value or a line.
#pragma once

#include <cstddef>
#include <string>

namespace policytune::protocol
{
/// The blanks trimmed off command-line values, /proc/cpuinfo values and tool output lines.
constexpr bool is_blank(char c) noexcept
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/// [begin, end) with leading and trailing blanks removed.
inline std::string trimmed(const char* begin, const char* end)
{
  while (begin < end && is_blank(*begin))
  {
    ++begin;
  }
  while (end > begin && is_blank(end[-1]))
  {
    --end;
  }
  return std::string(begin, static_cast<std::size_t>(end - begin));
}

/// `text` with leading and trailing blanks removed.
inline std::string trimmed(const std::string& text)
{
  return trimmed(text.data(), text.data() + text.size());
}
} // namespace policytune::protocol
