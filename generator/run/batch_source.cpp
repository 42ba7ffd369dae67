#include "run/batch_source.hpp"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

namespace policytune {
namespace {

const std::regex kInclude(R"(^\s*#\s*include\s*([<"][^>"]+[>"]))");
const std::regex kDefine(R"(^\s*#\s*define\s+([A-Za-z_][A-Za-z0-9_]*))");
const std::regex kPragmaOnce(R"(^\s*#\s*pragma\s+once\b)");
const std::regex kDirective(R"(^\s*#)");
// The preprocessor's conditionals: what an include inside one is hoisted with.
const std::regex kConditional(R"(^\s*#\s*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b)");
const std::regex kOpening(R"(^\s*#\s*(if|ifdef|ifndef)\b)");
const std::regex kClosing(R"(^\s*#\s*endif\b)");

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

// A C string literal of `text` (paths may hold quotes or backslashes).
std::string quoted(const std::string& text) {
  std::string literal = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') literal += '\\';
    literal += c;
  }
  return literal + '"';
}

}  // namespace

bool batchable(const std::string& source_text, const std::vector<std::string>& macros) {
  const std::vector<std::string> lines = lines_of(source_text);
  std::size_t last_include = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (std::regex_search(lines[i], kPragmaOnce)) return false;
    if (std::regex_search(lines[i], kInclude)) last_include = i;
  }
  if (macros.empty()) return true;
  std::string alternatives;
  for (const auto& macro : macros) alternatives += (alternatives.empty() ? "" : "|") + macro;
  const std::regex uses_macro("\\b(" + alternatives + ")\\b");
  for (std::size_t i = 0; i < last_include; ++i) {
    if (std::regex_search(lines[i], kDirective) && std::regex_search(lines[i], uses_macro)) return false;
  }
  return true;
}

bool batchable(const std::string& source_text, const std::vector<std::string>& macros,
               const std::vector<std::string>& local_headers) {
  if (!batchable(source_text, macros)) return false;
  if (macros.empty()) return true;
  std::string alternatives;
  for (const auto& macro : macros) alternatives += (alternatives.empty() ? "" : "|") + macro;
  const std::regex uses_macro("\\b(" + alternatives + ")\\b");
  return std::none_of(local_headers.begin(), local_headers.end(),
                      [&](const std::string& header) { return std::regex_search(header, uses_macro); });
}

std::vector<std::string> quoted_includes(const std::string& source_text) {
  std::vector<std::string> names;
  for (const auto& line : lines_of(source_text)) {
    std::smatch match;
    if (std::regex_search(line, match, kInclude) && match[1].str().front() == '"') {
      names.push_back(match[1].str().substr(1, match[1].length() - 2));
    }
  }
  return names;
}

// The source's #include lines, each once, to be hoisted above its copies; an include inside a
// conditional (`#if CUB_VERSION >= 300500`) keeps its conditionals around it, so that a header of
// one release only is hoisted for that release only. Conditionals that hold no include are left out.
std::vector<std::string> hoisted_includes(const std::vector<std::string>& lines) {
  std::vector<std::string> hoisted;
  std::set<std::string> seen;
  bool conditional_include = false;  // whether any include sits inside a conditional
  int depth = 0;
  for (const auto& line : lines) {
    std::smatch match;
    if (std::regex_search(line, kOpening)) ++depth;
    if (std::regex_search(line, kClosing) && depth > 0) --depth;
    if (std::regex_search(line, match, kInclude) && depth > 0) conditional_include = true;
  }
  for (const auto& line : lines) {
    std::smatch match;
    if (std::regex_search(line, match, kInclude)) {
      if (seen.insert(match[1]).second) hoisted.push_back("#include " + match[1].str());
    } else if (conditional_include && std::regex_search(line, kConditional)) {
      hoisted.push_back(line);
    }
  }
  if (!conditional_include) return hoisted;
  // Conditionals left with nothing in them go (an include seen earlier is not repeated): an `#else`
  // or `#elif` directly before its `#endif`, then an `#if` directly before it.
  std::vector<std::string> kept;
  for (const auto& line : hoisted) {
    if (std::regex_search(line, kClosing)) {
      while (!kept.empty() && std::regex_search(kept.back(), kConditional) &&
             !std::regex_search(kept.back(), kOpening) && !std::regex_search(kept.back(), kClosing)) {
        kept.pop_back();  // an empty #else or #elif
      }
      if (!kept.empty() && std::regex_search(kept.back(), kOpening)) {
        kept.pop_back();
        continue;
      }
    }
    kept.push_back(line);
  }
  return kept;
}

std::string batch_source(const std::string& source_path, const std::string& source_text,
                         const std::vector<BatchMember>& members) {
  const std::vector<std::string> lines = lines_of(source_text);
  std::set<std::string> source_macros;
  for (const auto& line : lines) {
    std::smatch match;
    if (std::regex_search(line, match, kDefine)) source_macros.insert(match[1]);
  }

  std::ostringstream out;
  out << "// Generated by policytune: " << members.size() << " variants of " << source_path << " in one binary.\n"
      << "// The source's includes, once for every variant.\n";
  for (const auto& line : hoisted_includes(lines)) out << line << '\n';
  const std::string absolute = std::filesystem::absolute(source_path).string();
  for (std::size_t i = 0; i < members.size(); ++i) {
    const BatchMember& member = members[i];
    out << "\n#undef POLICYTUNE_BENCH_VARIANT\n#define POLICYTUNE_BENCH_VARIANT " << quoted(member.name) << '\n';
    for (const auto& [macro, value] : member.defines) out << "#define " << macro << ' ' << value << '\n';
    out << "namespace policytune_batch_" << i << " {\n#include " << quoted(absolute) << "\n}\n";
    for (const auto& [macro, value] : member.defines) out << "#undef " << macro << '\n';
    for (const auto& macro : source_macros) out << "#undef " << macro << '\n';
    out << "#include <policytune/bench/variant_end.hpp>\n";  // the harness's guards, once per variant
  }
  return out.str();
}

}  // namespace policytune
