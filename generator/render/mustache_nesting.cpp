#include "render/mustache_nesting.hpp"

#include <algorithm>

#include "core/user_error.hpp"

namespace policytune {

void check_mustache_nesting(const std::string& text, const std::string& path, std::size_t first_line) {
  std::size_t depth = 0;
  std::size_t line = first_line;
  std::size_t counted_to = 0;  // lines are counted up to here
  for (std::size_t at = text.find("{{"); at != std::string::npos; at = text.find("{{", at + 2)) {
    std::size_t kind = at + 2;
    while (kind < text.size() && text[kind] == ' ') ++kind;
    if (kind == text.size()) return;
    const char sigil = text[kind];
    if (sigil == '=') return;  // {{=<% %>=}}: the rest uses other delimiters
    if (sigil == '#' || sigil == '^') {
      line += static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(counted_to),
                                                  text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
      counted_to = at;
      if (++depth > kMaxMustacheNesting) {
        throw UserError(path, line,
                        "mustache sections nest deeper than " + std::to_string(kMaxMustacheNesting) + " levels");
      }
    } else if (sigil == '/' && depth > 0) {
      --depth;
    }
  }
}

}  // namespace policytune
