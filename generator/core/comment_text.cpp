#include "core/comment_text.hpp"

#include <fmt/format.h>

namespace policytune {
namespace {

// The length of the UTF-8 sequence at `text[at]`, or 0 where it is not one (overlong forms,
// surrogates and values past U+10FFFF included).
std::size_t utf8_length(std::string_view text, std::size_t at, char32_t& code) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  char32_t minimum = 0;
  if (lead < 0x80) {
    code = lead;
    return 1;
  } else if ((lead & 0xe0) == 0xc0) {
    length = 2, code = lead & 0x1f, minimum = 0x80;
  } else if ((lead & 0xf0) == 0xe0) {
    length = 3, code = lead & 0x0f, minimum = 0x800;
  } else if ((lead & 0xf8) == 0xf0) {
    length = 4, code = lead & 0x07, minimum = 0x10000;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xc0) != 0x80) return 0;
    code = (code << 6) | (byte(i) & 0x3f);
  }
  if (code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  return length;
}

std::string control_escape(char32_t code) {
  switch (code) {
    case '\n':
      return "\\n";
    case '\r':
      return "\\r";
    case '\t':
      return "\\t";
    default:
      return code < 0x80 ? fmt::format("\\x{:02x}", static_cast<unsigned>(code))
                         : fmt::format("\\u{:04x}", static_cast<unsigned>(code));
  }
}

bool is_control(char32_t code) { return code < 0x20 || (code >= 0x7f && code <= 0x9f); }

// A backslash last or before a space could splice the next line: it is spelled as its escape.
void defuse_trailing_backslash(std::string& out) {
  if (!out.empty() && out.back() == '\\') {
    out.pop_back();
    out += "\\x5c";
  }
}

// Escapes what cannot be shown on one line; for a comment, also what could end or continue it.
std::string escape(std::string_view text, bool for_comment) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    char32_t code = 0;
    const std::size_t length = utf8_length(text, at, code);
    if (length == 0) {
      if (for_comment) defuse_trailing_backslash(out);
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[at]));
      ++at;
      continue;
    }
    if (is_control(code)) {
      if (for_comment) defuse_trailing_backslash(out);  // `\x5c\n`, not `\\n`: an escape reads as one
      out += control_escape(code);
    } else if (for_comment && code == ' ') {
      defuse_trailing_backslash(out);
      out += ' ';
    } else if (for_comment && code == '/' && (out.ends_with('*') || out.ends_with("??"))) {
      out += " /";  // `*/` would close a block comment; the trigraph `??/` is a backslash
    } else if (for_comment && code == '*' && out.ends_with('/')) {
      out += " *";  // `/*` would open one inside it
    } else {
      out.append(text.substr(at, length));
    }
    at += length;
  }
  if (for_comment) defuse_trailing_backslash(out);
  return out;
}

}  // namespace

std::string comment_text(std::string_view text) { return escape(text, true); }

std::string one_line_text(std::string_view text) { return escape(text, false); }

std::string comment_line(std::string_view text) { return "// " + comment_text(text) + "\n"; }

}  // namespace policytune
