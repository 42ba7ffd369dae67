#include "run/tool_output.hpp"

#include <algorithm>
#include <vector>

namespace policytune {

std::string tail_of(const std::string& text, std::size_t lines) {
  std::vector<std::string> kept;
  std::size_t end = text.size();
  while (end > 0 && kept.size() < lines) {
    const std::size_t start = text.rfind('\n', end - 1);
    const std::size_t from = start == std::string::npos ? 0 : start + 1;
    std::string line = text.substr(from, end - from);
    if (line.find_first_not_of(" \t\r") != std::string::npos) kept.insert(kept.begin(), line);
    if (start == std::string::npos) break;
    end = start;
  }
  std::string joined;
  for (const auto& line : kept) joined += (joined.empty() ? "" : " | ") + line;
  if (joined.size() > kReasonLimit) joined = "..." + joined.substr(joined.size() - kReasonLimit);
  return joined;
}

std::string first_error_of(const std::string& text) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t stop = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, stop - start);
    if (line.find("error") != std::string::npos) return line.substr(0, kReasonLimit);
    start = stop + 1;
  }
  return tail_of(text);
}

}  // namespace policytune
