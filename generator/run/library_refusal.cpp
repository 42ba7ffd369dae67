// SPDX-License-Identifier: Apache-2.0
#include "run/library_refusal.hpp"

#include <filesystem>
#include <regex>
#include <sstream>

namespace policytune {
namespace {

namespace fs = std::filesystem;

// Whether `file` lies in `folder` or below it (both made absolute, neither resolved further).
bool lies_in(const fs::path& file, const fs::path& folder) {
  if (folder.empty()) return false;
  const auto relative =
      fs::absolute(file).lexically_normal().lexically_relative(fs::absolute(folder).lexically_normal());
  return !relative.empty() && *relative.begin() != "..";
}

}  // namespace

std::optional<std::string> library_refusal(const std::string& compiler_output, const std::string& source_path,
                                           const std::string& harness_directory) {
  // The file, the line, and the message: nvcc's `file(line): error: static assertion failed with "m"`,
  // or the host compiler's `file:line:col: error: static assertion failed: m`.
  static const std::regex nvcc_assertion(R"re(^(.+)\((\d+)\): error: static assertion failed with "(.*)"\s*$)re");
  static const std::regex host_assertion(R"re(^(.+):(\d+):\d+: error: static assertion failed(: (.*))?\s*$)re");
  std::istringstream lines(compiler_output);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("error") == std::string::npos) continue;
    std::smatch match;
    std::string message;
    if (std::regex_match(line, match, nvcc_assertion)) {
      message = match[3].str();
    } else if (std::regex_match(line, match, host_assertion)) {
      message = match[4].str();
    } else {
      return std::nullopt;  // the first error is something else: a broken build
    }
    const fs::path file = match[1].str();
    if (lies_in(file, fs::path(source_path).parent_path()) || lies_in(file, harness_directory)) return std::nullopt;
    return "the library rules this combination out: static assertion \"" + message + "\" (" + file.filename().string() +
           ":" + match[2].str() + ")";
  }
  return std::nullopt;
}

}  // namespace policytune
