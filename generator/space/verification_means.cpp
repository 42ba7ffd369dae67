#include "space/verification_means.hpp"

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "core/text_input.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;

// Includes this deep are not followed: a file that includes itself through others ends there.
constexpr int kIncludeDepth = 16;

struct Scan {
  std::set<fs::path> visited;
  BenchmarkVerification found;        // own_check ends the scan
  BenchmarkVerification base_output;  // the first declared output, kept until the scan ends
};

// The line without a `//` comment; block comments are rare in these files and read as code.
std::string code_of(const std::string& line) {
  const auto comment = line.find("//");
  return comment == std::string::npos ? line : line.substr(0, comment);
}

void scan_file(const fs::path& path, const std::string& text, int depth, Scan& scan) {
  static const std::regex quoted_include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::istringstream lines(text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    const std::string code = code_of(line);
    const std::string where = path.filename().string() + ":" + std::to_string(number);
    if (code.find("verify_with") != std::string::npos) {
      scan.found = {VerificationMeans::own_check, where};
      return;
    }
    if (scan.base_output.evidence.empty() && code.find("add_global_memory_writes") != std::string::npos) {
      scan.base_output = {VerificationMeans::base_outputs, where};
    }
    std::smatch include;
    if (depth >= kIncludeDepth || !std::regex_search(code, include, quoted_include)) continue;
    const fs::path included = path.parent_path() / include[1].str();
    std::error_code error;
    if (!fs::is_regular_file(included, error)) continue;
    const fs::path key = fs::weakly_canonical(included, error);
    if (!scan.visited.insert(key).second) continue;
    scan_file(included, read_text_file(included.string()), depth + 1, scan);
    if (scan.found.means == VerificationMeans::own_check) return;
  }
}

}  // namespace

std::string BenchmarkVerification::describe() const {
  switch (means) {
    case VerificationMeans::own_check:
      return "its own check (state.verify_with, " + evidence + ")";
    case VerificationMeans::base_outputs:
      return "base's outputs (declared with add_global_memory_writes, " + evidence + ")";
    case VerificationMeans::nothing_found:
      break;
  }
  return "nothing found (no state.verify_with, no add_global_memory_writes): its variants count as wrong_result";
}

BenchmarkVerification find_verification(const std::string& path, const std::string& text) {
  Scan scan;
  std::error_code error;
  scan.visited.insert(fs::weakly_canonical(path, error));
  scan_file(path, text, 0, scan);
  if (scan.found.means == VerificationMeans::own_check) return scan.found;
  return scan.base_output;
}

}  // namespace policytune
