// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: small string helpers.
//
// In C++20 mode libstdc++ instantiates every std::string member a translation unit uses, and each
// costs compile time in every benchmark. The harness's run-once code therefore builds its strings
// from a few primitives (construct, +=, ==) and parses with <cstring>.
#pragma once

#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>

#include <policytune/protocol/text.hpp>

namespace policytune::bench::detail
{
/// The concatenation of `parts`.
inline std::string cat(std::initializer_list<const char*> parts)
{
  std::string out;
  for (const char* p : parts)
  {
    out += p;
  }
  return out;
}

/// [begin, end) with leading and trailing blanks removed: the protocol's trimming, which the tool
/// applies too (protocol/policytune/protocol/text.hpp).
using protocol::trimmed;

inline std::string decimal(long long v)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld", v);
  return buf;
}
} // namespace policytune::bench::detail
