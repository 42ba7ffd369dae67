#include "render/type_labels.hpp"

#include <map>

namespace policytune {
namespace {

const std::map<std::string, std::string>& standard_spellings() {
  static const std::map<std::string, std::string> spellings{
      {"I8", "::std::int8_t"},  {"I16", "::std::int16_t"},  {"I32", "::std::int32_t"},  {"I64", "::std::int64_t"},
      {"U8", "::std::uint8_t"}, {"U16", "::std::uint16_t"}, {"U32", "::std::uint32_t"}, {"U64", "::std::uint64_t"},
      {"F32", "float"},         {"F64", "double"},          {"I128", "__int128"},       {"U128", "unsigned __int128"},
  };
  return spellings;
}

const std::map<std::string, std::size_t>& standard_sizes() {
  static const std::map<std::string, std::size_t> sizes{
      {"I8", 1},  {"U8", 1},  {"I16", 2}, {"U16", 2}, {"I32", 4},   {"U32", 4},
      {"F32", 4}, {"I64", 8}, {"U64", 8}, {"F64", 8}, {"I128", 16}, {"U128", 16},
  };
  return sizes;
}

}  // namespace

std::optional<std::string> standard_spelling(const std::string& label) {
  const auto found = standard_spellings().find(label);
  if (found == standard_spellings().end()) return std::nullopt;
  return found->second;
}

std::optional<std::size_t> standard_size(const std::string& label) {
  const auto found = standard_sizes().find(label);
  if (found == standard_sizes().end()) return std::nullopt;
  return found->second;
}

}  // namespace policytune
