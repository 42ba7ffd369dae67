// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the few JSON writing primitives the protocol needs.
#pragma once

#include <cstdio>
#include <string>

namespace policytune::bench::detail
{
/// Appends `s` as a JSON string: quotes, escapes, and U+FFFD for bytes that are not UTF-8.
inline void json_string(std::string& out, const std::string& s)
{
  static const char hex[] = "0123456789abcdef";
  out += '"';
  const auto* p         = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n   = s.size();
  std::size_t i         = 0;
  while (i < n)
  {
    const unsigned char c = p[i];
    if (c < 0x80)
    {
      switch (c)
      {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
          if (c < 0x20 || c == 0x7f)
          {
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 15];
          }
          else
          {
            out += static_cast<char>(c);
          }
      }
      ++i;
      continue;
    }
    // A multi-byte sequence: copy it when it is well-formed UTF-8 (no overlong forms, no
    // surrogates, nothing above U+10FFFF), else write U+FFFD for the first byte and go on.
    std::size_t len = 0;
    unsigned lo = 0x80, hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) { len = 2; }
    else if (c == 0xe0) { len = 3; lo = 0xa0; }
    else if (c >= 0xe1 && c <= 0xec) { len = 3; }
    else if (c == 0xed) { len = 3; hi = 0x9f; }
    else if (c >= 0xee && c <= 0xef) { len = 3; }
    else if (c == 0xf0) { len = 4; lo = 0x90; }
    else if (c >= 0xf1 && c <= 0xf3) { len = 4; }
    else if (c == 0xf4) { len = 4; hi = 0x8f; }
    bool ok = len != 0 && i + len <= n;
    for (std::size_t k = 1; ok && k < len; ++k)
    {
      const unsigned b = p[i + k];
      ok = k == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xbf);
    }
    if (ok)
    {
      out.append(s.data() + i, len);
      i += len;
    }
    else
    {
      out += "\\ufffd";
      ++i;
    }
  }
  out += '"';
}

inline void json_int(std::string& out, long long v)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld", v);
  out += buf;
}

/// Full precision (%.17g); JSON has no NaN or infinity, so those are written as null.
inline void json_double(std::string& out, double v)
{
  if (!(v == v) || v - v != 0.0)
  {
    out += "null";
    return;
  }
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  out += buf;
}

inline void json_bool(std::string& out, bool v) { out += v ? "true" : "false"; }

/// `"key":` with the key escaped.
inline void json_key(std::string& out, const char* key)
{
  json_string(out, key);
  out += ':';
}
} // namespace policytune::bench::detail
