#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace policytune {

// What a mustache tag does, as the mustache library (kainjow) parses it.
enum class MustacheTagKind {
  variable,            // {{name}}
  unescaped_variable,  // {{{name}}}, {{&name}}
  section,             // {{#name}}
  inverted_section,    // {{^name}}
  section_end,         // {{/name}}
  partial,             // {{>name}}
  comment,             // {{!text}}
  set_delimiter,       // {{=<% %>=}}: the tags after it use the new delimiters
};

struct MustacheTag {
  MustacheTagKind kind = MustacheTagKind::variable;
  std::string name;  // what the library looks up (trimmed); a comment's text; a set-delimiter's contents
  std::size_t line = 0;
};

// The tags of a mustache text, found exactly as the library finds them: after a set-delimiter
// tag with that tag's delimiters, so that no tag hides from a check. The scan stops where the
// library's parser would refuse the text (an unclosed tag, a malformed set-delimiter tag); the
// library's own validation reports those.
struct MustacheScan {
  std::vector<MustacheTag> tags;
  // The most text between two tags (or an end of the text): how much one step of a rendering,
  // a lookup or a section's iteration, can output besides the values it looks up.
  std::size_t longest_text = 0;
};

// `first_line` is the line of `text`'s start in its file.
MustacheScan scan_mustache(const std::string& text, std::size_t first_line);

// Throws UserError at `path` and the partial's line for a partial tag: nothing gives a template
// partials, so the library would render each as nothing, silently.
void refuse_mustache_partials(const MustacheScan& scan, const std::string& path);

}  // namespace policytune
