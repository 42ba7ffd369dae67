#include "space/current_source.hpp"

#include <sstream>

#include "core/text_input.hpp"
#include "core/user_error.hpp"

namespace policytune {
namespace {

// The line of the first conflict marker git leaves in a file it could not merge; 0 where none.
std::size_t conflict_line(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  std::size_t number = 0, opened = 0;
  while (std::getline(lines, line)) {
    ++number;
    const auto marks = [&](const char* marker) {
      return line.rfind(marker, 0) == 0 && (line.size() == 7 || line[7] == ' ' || line[7] == '\r');
    };
    if (opened == 0 && marks("<<<<<<<")) opened = number;
    if (opened != 0 && marks(">>>>>>>")) return opened;
  }
  return 0;
}

}  // namespace

BenchmarkSource read_current_source(const std::string& path) {
  std::string text = read_text_file(path);
  const std::string why = ": no version of the benchmark, so every stored row would count as an old version's";
  if (text.find_first_not_of(" \t\r\n\v\f") == std::string::npos) {
    throw UserError(
        path, 0,
        (text.empty() ? "is empty" : "holds only white space") + std::string(" (a truncated checkout?)") + why);
  }
  // Before the parse, which would otherwise name a %RANGE% line the conflict doubled.
  if (const std::size_t line = conflict_line(text); line != 0) {
    throw UserError(path, line, "a merge conflict starts here" + why);
  }
  return parse_benchmark_source(path, std::move(text));
}

}  // namespace policytune
