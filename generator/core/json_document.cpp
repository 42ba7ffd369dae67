#include "core/json_document.hpp"

#include <fmt/format.h>

#include "core/text_input.hpp"
#include "core/user_error.hpp"

namespace policytune {

JsonRefused::JsonRefused(std::size_t offset, const std::string& what) : std::runtime_error(what), offset_(offset) {}

JsonTooDeep::JsonTooDeep(std::size_t offset)
    : JsonRefused(offset, fmt::format("arrays and objects nest deeper than {} levels", kMaxJsonNesting)) {}

void check_json_nesting(std::string_view text) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t at = 0; at < text.size(); ++at) {
    const char c = text[at];
    if (in_string) {
      if (c == '\\') {
        ++at;  // the escaped character, a quote among them, does not end the string
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonNesting) throw JsonTooDeep(at);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;  // an unbalanced one is the parser's to report
    }
  }
}

nlohmann::json parse_json(std::string_view text) {
  check_json_nesting(text);
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    throw JsonRefused(error.byte == 0 ? 0 : error.byte - 1, std::string("not valid JSON: ") + error.what());
  } catch (const nlohmann::json::exception& error) {  // a number that overflows a double, for one
    throw JsonRefused(0, std::string("not valid JSON: ") + error.what());
  }
}

nlohmann::json read_json_file(const std::string& path) {
  const std::string text = read_text_file(path);
  try {
    return parse_json(text);
  } catch (const JsonRefused& error) {
    throw UserError(path, line_of_offset(text, error.offset()), error.what());
  }
}

}  // namespace policytune
