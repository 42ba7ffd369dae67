#include "space/error_constraints.hpp"

#include <optional>
#include <regex>
#include <sstream>

#include "core/user_error.hpp"

namespace policytune {
namespace {

// The source's lines with backslash continuations joined, each with the number of its first line.
std::vector<std::pair<std::string, std::size_t>> logical_lines(const std::string& source) {
  std::vector<std::pair<std::string, std::size_t>> lines;
  std::istringstream in(source);
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!lines.empty() && !lines.back().first.empty() && lines.back().first.back() == '\\') {
      lines.back().first.pop_back();
      lines.back().first += " " + line;
    } else {
      lines.emplace_back(line, number);
    }
  }
  return lines;
}

// A condition's text without a trailing comment.
std::string without_comment(std::string text) {
  for (const char* opener : {"//", "/*"}) {
    const auto at = text.find(opener);
    if (at != std::string::npos) text.erase(at);
  }
  return text;
}

bool names_a_parameter(const std::string& condition, const SearchSpace& space) {
  for (const auto& parameter : space.parameters()) {
    if (std::regex_search(condition, std::regex("\\b" + parameter.macro + "\\b"))) return true;
  }
  return false;
}

}  // namespace

std::vector<Constraint> error_directive_constraints(const std::string& source, const std::string& file,
                                                    const SearchSpace& space) {
  static const std::regex kIf(R"(^\s*#\s*if\s+(.*)$)");
  static const std::regex kOtherOpening(R"(^\s*#\s*if(n?def)\b)");
  static const std::regex kBranch(R"(^\s*#\s*(elif|else)\b)");
  static const std::regex kEndif(R"(^\s*#\s*endif\b)");
  static const std::regex kError(R"(^\s*#\s*error\b)");
  static const std::regex kTuneBase(R"(\bTUNE_BASE\b)");
  // The conditions of the enclosing #if blocks; none where one cannot be evaluated.
  std::vector<std::optional<std::string>> enclosing;
  std::vector<Constraint> constraints;
  if (space.empty()) return constraints;
  for (const auto& [line, number] : logical_lines(source)) {
    std::smatch match;
    if (std::regex_search(line, match, kIf)) {
      enclosing.emplace_back("(" + std::regex_replace(without_comment(match[1].str()), kTuneBase, "0") + ")");
    } else if (std::regex_search(line, kOtherOpening)) {
      enclosing.emplace_back(std::nullopt);
    } else if (std::regex_search(line, kBranch)) {
      if (!enclosing.empty()) enclosing.back() = std::nullopt;
    } else if (std::regex_search(line, kEndif)) {
      if (!enclosing.empty()) enclosing.pop_back();
    } else if (std::regex_search(line, kError) && !enclosing.empty()) {
      std::string conditions;
      bool known = true;
      for (const auto& condition : enclosing) {
        known = known && condition.has_value();
        if (known) conditions += (conditions.empty() ? "" : " && ") + *condition;
      }
      if (!known || !names_a_parameter(conditions, space)) continue;
      try {
        constraints.emplace_back("!(" + conditions + ")", space, file, number);
      } catch (const UserError&) {
        // A name the evaluator does not know (a macro the source defines, CUB_VERSION): the
        // compiler decides, variant by variant.
      }
    }
  }
  return constraints;
}

}  // namespace policytune
