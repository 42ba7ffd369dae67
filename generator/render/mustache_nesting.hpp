#pragma once

#include <cstddef>
#include <string>

namespace policytune {

// The mustache library parses and renders sections recursively: a template of a hundred thousand
// nested sections exhausts the stack (or memory). Real templates nest a few levels.
inline constexpr std::size_t kMaxMustacheNesting = 32;

// Throws UserError at `path` and the line of the section that nests too deep. `first_line` is the
// line of `text`'s start in its file. Sections after a set-delimiter tag count with its delimiters.
void check_mustache_nesting(const std::string& text, const std::string& path, std::size_t first_line);

}  // namespace policytune
