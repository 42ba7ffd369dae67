#pragma once

#include <cstddef>
#include <string>

namespace policytune {

// How much of a tool's output a row's reason keeps.
constexpr std::size_t kReasonLimit = 400;

// The last non-empty lines of a tool's output joined by " | ", short enough for a reason column;
// one printable line (core/comment_text.hpp's one_line_text), as everything here returns.
std::string tail_of(const std::string& text, std::size_t lines = 3);

// The first line of a compiler's output that says "error" (what a human wants to see first);
// else its tail.
std::string first_error_of(const std::string& text);

}  // namespace policytune
