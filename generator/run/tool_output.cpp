#include "run/tool_output.hpp"

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "core/comment_text.hpp"

namespace policytune {

std::string tail_of(const std::string& text, std::size_t lines) {
  std::vector<std::string> kept;
  std::size_t end = text.size();
  while (end > 0 && kept.size() < lines) {
    const std::size_t start = text.rfind('\n', end - 1);
    const std::size_t from = start == std::string::npos ? 0 : start + 1;
    std::string line = text.substr(from, end - from);
    if (line.ends_with('\r')) line.pop_back();  // a line ended as on Windows
    if (line.find_first_not_of(" \t\r") != std::string::npos) kept.insert(kept.begin(), line);
    if (start == std::string::npos) break;
    end = start;
  }
  std::string joined;
  for (const auto& line : kept) joined += (joined.empty() ? "" : " | ") + line;
  if (joined.size() > kReasonLimit) joined = "..." + joined.substr(joined.size() - kReasonLimit);
  return one_line_text(joined);
}

namespace {

// The first line of `text` that holds one of `words`, cut to the reason limit; empty if none does.
std::string first_line_with(const std::string& text, std::initializer_list<const char*> words) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t stop = std::min(text.find('\n', start), text.size());
    std::string line = text.substr(start, stop - start);
    if (line.ends_with('\r')) line.pop_back();
    for (const char* word : words) {
      if (line.find(word) != std::string::npos) return line.substr(0, kReasonLimit);
    }
    start = stop + 1;
  }
  return "";
}

// first_error_of() before its line is made printable.
std::string first_error_line(const std::string& text) {
  std::string error = first_line_with(text, {"error"});
  if (error.empty()) return tail_of(text);
  // The linker's own error line ("collect2: error: ld returned 1 exit status") says only that it
  // failed; what is missing is on a line of its own before it.
  if (error.find("ld returned") != std::string::npos) {
    std::string detail = first_line_with(text, {"undefined reference", "multiple definition"});
    // No main: the source compiled to nothing, which a file that disables itself announces with
    // a #warning (CCCL 3.4's sum.warpspeed.cu below sm_100).
    const std::string announced = first_line_with(text, {"warning: #warning"});
    if (detail.find("`main'") != std::string::npos && !announced.empty()) {
      return (detail + "; the compiler warned: " + announced).substr(0, kReasonLimit);
    }
    if (!detail.empty()) return detail;
  }
  return error;
}

}  // namespace

std::string first_error_of(const std::string& text) {
  // A compiler's words are stored as a reason and printed: one line, control characters escaped.
  return one_line_text(first_error_line(text));
}

}  // namespace policytune
