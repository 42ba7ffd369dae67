#include "render/mustache_nesting.hpp"

#include "core/user_error.hpp"
#include "render/mustache_tags.hpp"

namespace policytune {

void check_mustache_nesting(const std::string& text, const std::string& path, std::size_t first_line) {
  std::size_t depth = 0;
  for (const auto& tag : scan_mustache(text, first_line).tags) {
    if (tag.kind == MustacheTagKind::section || tag.kind == MustacheTagKind::inverted_section) {
      if (++depth > kMaxMustacheNesting) {
        throw UserError(path, tag.line,
                        "mustache sections nest deeper than " + std::to_string(kMaxMustacheNesting) + " levels");
      }
    } else if (tag.kind == MustacheTagKind::section_end && depth > 0) {
      --depth;
    }
  }
}

}  // namespace policytune
