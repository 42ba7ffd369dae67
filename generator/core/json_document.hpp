#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace policytune {

// Arrays and objects nest at most this deep in any JSON PolicyTune reads (batch files, harness
// output, Kernel Tuner caches, build-cache entries, stored runtime axes); those nest 4 deep at most.
inline constexpr std::size_t kMaxJsonNesting = 64;

// JSON text refused: a syntax error, or nesting past kMaxJsonNesting; `offset` is the byte where.
class JsonRefused : public std::runtime_error {
public:
  JsonRefused(std::size_t offset, const std::string& what);
  std::size_t offset() const noexcept { return offset_; }

private:
  std::size_t offset_;
};

// Refused for its nesting alone (the text may be valid JSON).
class JsonTooDeep : public JsonRefused {
public:
  explicit JsonTooDeep(std::size_t offset);
};

// Throws JsonTooDeep at the first '[' or '{' nested deeper than kMaxJsonNesting (outside strings).
// One pass over the bytes, nothing built: for a reader with a parse of its own (a SAX pass).
void check_json_nesting(std::string_view text);

// Parses `text` after check_json_nesting(): nlohmann's parser keeps its own stack, but dump(),
// copies and comparisons of the value it returns recurse once per level, so a document 100,000
// arrays deep would overflow the stack in whatever reads it next. Throws JsonRefused.
nlohmann::json parse_json(std::string_view text);

// Reads the JSON file `path` (read_text_file(): gzip-compressed too) and parses it; throws
// UserError naming the file and the line of the fault.
nlohmann::json read_json_file(const std::string& path);

}  // namespace policytune
