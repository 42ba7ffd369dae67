#include "render/mustache_tags.hpp"

#include <algorithm>
#include <cctype>

#include "core/user_error.hpp"

namespace policytune {
namespace {

// The library trims tag contents with std::isspace.
std::string trim_space(const std::string& text) {
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  const auto first = std::find_if_not(text.begin(), text.end(), space);
  const auto last = std::find_if_not(text.rbegin(), std::make_reverse_iterator(first), space).base();
  return std::string(first, last);
}

// `=<% %>=` into new delimiters, by the library's rules (two words without `=` or white space);
// false where the library refuses it.
bool parse_delimiters(const std::string& contents, std::string& begin, std::string& end) {
  if (contents.size() < 5 || contents.back() != '=') return false;
  const std::string inner = trim_space(contents.substr(1, contents.size() - 2));
  const std::size_t space = inner.find(' ');
  if (space == std::string::npos) return false;
  const std::string new_begin = inner.substr(0, space);
  const std::string new_end = inner.substr(inner.find_first_not_of(' ', space + 1));
  for (const std::string* delimiter : {&new_begin, &new_end}) {
    for (char c : *delimiter) {
      if (c == '=' || std::isspace(static_cast<unsigned char>(c))) return false;
    }
  }
  begin = new_begin;
  end = new_end;
  return true;
}

MustacheTag tag_of(const std::string& contents, bool unescaped) {
  MustacheTag tag;
  if (unescaped) {
    tag.kind = MustacheTagKind::unescaped_variable;
    tag.name = contents;
    return tag;
  }
  const char sigil = contents.empty() ? '\0' : contents.front();
  switch (sigil) {
    case '#':
      tag.kind = MustacheTagKind::section;
      break;
    case '^':
      tag.kind = MustacheTagKind::inverted_section;
      break;
    case '/':
      tag.kind = MustacheTagKind::section_end;
      break;
    case '>':
      tag.kind = MustacheTagKind::partial;
      break;
    case '&':
      tag.kind = MustacheTagKind::unescaped_variable;
      break;
    case '!':
      tag.kind = MustacheTagKind::comment;
      break;
    default:
      tag.name = contents;
      return tag;  // a variable, perhaps of an empty name
  }
  tag.name = trim_space(contents.substr(1));
  return tag;
}

}  // namespace

MustacheScan scan_mustache(const std::string& text, std::size_t first_line) {
  MustacheScan scan;
  std::string begin = "{{", end = "}}";
  std::size_t line = first_line;
  std::size_t counted_to = 0;  // lines are counted up to here
  std::size_t text_start = 0;  // where the text since the last tag starts
  for (std::size_t at = text.find(begin); at != std::string::npos; at = text.find(begin, at)) {
    scan.longest_text = std::max(scan.longest_text, at - text_start);
    // With braces, `{{{` opens an unescaped variable that `}}}` closes (the library's rule).
    const bool braces = begin == "{{" && end == "}}";
    const bool unescaped = braces && at + begin.size() < text.size() && text[at + begin.size()] == '{';
    const std::size_t contents_at = at + begin.size() + (unescaped ? 1 : 0);
    const std::string& close = unescaped ? std::string("}}}") : end;
    const std::size_t close_at = text.find(close, contents_at);
    if (close_at == std::string::npos) return scan;  // unclosed: the library refuses the text
    line += static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(counted_to),
                                                text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    counted_to = at;
    const std::string contents = trim_space(text.substr(contents_at, close_at - contents_at));
    MustacheTag tag;
    if (!contents.empty() && contents.front() == '=') {          // even in triple braces, as the library reads it
      if (!parse_delimiters(contents, begin, end)) return scan;  // the library refuses it
      tag.kind = MustacheTagKind::set_delimiter;
      tag.name = contents;
    } else {
      tag = tag_of(contents, unescaped);
    }
    tag.line = line;
    scan.tags.push_back(std::move(tag));
    at = close_at + close.size();
    text_start = at;
  }
  scan.longest_text = std::max(scan.longest_text, text.size() - std::min(text_start, text.size()));
  return scan;
}

void refuse_mustache_partials(const MustacheScan& scan, const std::string& path) {
  for (const auto& tag : scan.tags) {
    if (tag.kind == MustacheTagKind::partial) {
      throw UserError(path, tag.line,
                      "partial '" + tag.name + "': templates take no partials (it would render nothing)");
    }
  }
}

}  // namespace policytune
