#include "render/cpp_names.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string_view>

#include "space/search_space.hpp"

namespace policytune {

bool is_cpp_keyword(const std::string& word) noexcept {
  static constexpr std::string_view keywords[] = {
      "alignas",     "alignof",   "and",        "and_eq",    "asm",      "auto",         "bitand",
      "bitor",       "bool",      "break",      "case",      "catch",    "char",         "char8_t",
      "char16_t",    "char32_t",  "class",      "compl",     "concept",  "const",        "consteval",
      "constexpr",   "constinit", "const_cast", "continue",  "co_await", "co_return",    "co_yield",
      "decltype",    "default",   "delete",     "do",        "double",   "dynamic_cast", "else",
      "enum",        "explicit",  "export",     "extern",    "false",    "float",        "for",
      "friend",      "goto",      "if",         "inline",    "int",      "long",         "mutable",
      "namespace",   "new",       "noexcept",   "not",       "not_eq",   "nullptr",      "operator",
      "or",          "or_eq",     "private",    "protected", "public",   "register",     "reinterpret_cast",
      "requires",    "return",    "short",      "signed",    "sizeof",   "static",       "static_assert",
      "static_cast", "struct",    "switch",     "template",  "this",     "thread_local", "throw",
      "true",        "try",       "typedef",    "typeid",    "typename", "union",        "unsigned",
      "using",       "virtual",   "void",       "volatile",  "wchar_t",  "while",        "xor",
      "xor_eq",
  };
  return std::find(std::begin(keywords), std::end(keywords), word) != std::end(keywords);
}

std::string namespace_name_problem(const std::string& text) {
  std::size_t start = 0;
  bool first = true;
  while (true) {
    const std::size_t stop = text.find("::", start);
    const std::string part = text.substr(start, stop == std::string::npos ? std::string::npos : stop - start);
    if (part.empty()) return "a namespace is written a or a::b";
    if (!is_identifier(part)) return "'" + part + "' is not an identifier (a namespace is written a or a::b)";
    if (is_cpp_keyword(part)) return "'" + part + "' is a C++ keyword";
    const bool reserved =
        part.find("__") != std::string::npos || (part[0] == '_' && std::isupper(static_cast<unsigned char>(part[1])));
    if (reserved) return "'" + part + "' is reserved to the compiler and its library";
    if (first && part == "std") return "namespace std belongs to the standard library";
    if (stop == std::string::npos) return "";
    start = stop + 2;
    first = false;
  }
}

}  // namespace policytune
