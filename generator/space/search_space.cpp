#include "space/search_space.hpp"

#include <fmt/format.h>

#include <charconv>
#include <set>
#include <sstream>

#include "core/text_input.hpp"
#include "core/user_error.hpp"

namespace policytune {

Uint128 RangeParameter::count() const noexcept {
  // end >= start, so the difference fits in 64 unsigned bits even for INT64_MIN..INT64_MAX.
  const auto span = static_cast<std::uint64_t>(end) - static_cast<std::uint64_t>(start);
  return static_cast<Uint128>(span / static_cast<std::uint64_t>(step)) + 1;
}

std::int64_t RangeParameter::value_at(std::uint64_t index) const noexcept {
  // Unsigned arithmetic wraps exactly where two's complement would land inside [start, end].
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(start) + index * static_cast<std::uint64_t>(step));
}

bool RangeParameter::contains(std::int64_t value) const noexcept {
  if (value < start || value > end) return false;
  const auto offset = static_cast<std::uint64_t>(value) - static_cast<std::uint64_t>(start);
  return offset % static_cast<std::uint64_t>(step) == 0;
}

std::uint64_t RangeParameter::index_of(std::int64_t value) const noexcept {
  return (static_cast<std::uint64_t>(value) - static_cast<std::uint64_t>(start)) / static_cast<std::uint64_t>(step);
}

SearchSpace::SearchSpace(std::vector<RangeParameter> parameters) : parameters_(std::move(parameters)) {
  for (const auto& parameter : parameters_) size_ = size_ * BigCount::from_u128(parameter.count());
}

Variant SearchSpace::variant_at(BigCount index) const {
  Variant variant(parameters_.size());
  for (std::size_t i = parameters_.size(); i-- > 0;) {
    const Uint128 count = parameters_[i].count();
    std::uint64_t position = 0;
    if (count > UINT64_MAX) {
      // Only INT64_MIN:INT64_MAX:1 has 2^64 values: split the division in two halves.
      const std::uint64_t low = index.divide(std::uint64_t{1} << 32);
      const std::uint64_t high = index.divide(std::uint64_t{1} << 32);
      position = (high << 32) | low;
    } else {
      position = index.divide(static_cast<std::uint64_t>(count));
    }
    variant[i] = parameters_[i].value_at(position);
  }
  return variant;
}

BigCount SearchSpace::index_of(const Variant& variant) const {
  BigCount index;
  for (std::size_t i = 0; i < parameters_.size(); ++i) {
    index = index * BigCount::from_u128(parameters_[i].count()) + BigCount(parameters_[i].index_of(variant.at(i)));
  }
  return index;
}

std::string SearchSpace::name_of(const Variant& variant) const {
  if (parameters_.empty()) return "base";
  std::string name;
  for (std::size_t i = 0; i < parameters_.size(); ++i) {
    if (i != 0) name += '.';
    name += parameters_[i].label + "_" + std::to_string(variant.at(i));
  }
  return name;
}

std::optional<Variant> SearchSpace::parse_name(const std::string& name) const {
  if (name == "base") return std::nullopt;
  Variant variant;
  std::size_t position = 0;
  for (const auto& parameter : parameters_) {
    const std::string prefix = parameter.label + "_";
    if (name.compare(position, prefix.size(), prefix) != 0) return std::nullopt;
    position += prefix.size();
    const std::size_t stop = std::min(name.find('.', position), name.size());
    std::int64_t value = 0;
    const char* first = name.data() + position;
    const char* last = name.data() + stop;
    const auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc{} || end != last || !parameter.contains(value)) return std::nullopt;
    variant.push_back(value);
    position = stop == name.size() ? stop : stop + 1;
    if (stop == name.size() && variant.size() != parameters_.size()) return std::nullopt;
  }
  if (position != name.size() || parameters_.empty()) return std::nullopt;
  return variant;
}

std::vector<std::pair<std::string, std::int64_t>> SearchSpace::defines_of(const Variant& variant) const {
  std::vector<std::pair<std::string, std::int64_t>> defines;
  for (std::size_t i = 0; i < parameters_.size(); ++i) defines.emplace_back(parameters_[i].macro, variant.at(i));
  return defines;
}

bool is_identifier(const std::string& text) noexcept {
  if (text.empty()) return false;
  const auto head = static_cast<unsigned char>(text.front());
  if (!(std::isalpha(head) || head == '_')) return false;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) || u == '_')) return false;
  }
  return true;
}

namespace {

std::int64_t parse_int(const std::string& text, const char* what, const std::string& file, std::size_t line) {
  std::int64_t value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;
  const auto [end, error] = std::from_chars(first, last, value);
  if (error == std::errc::result_out_of_range) {
    throw UserError(file, line, std::string("%RANGE% ") + what + " '" + text + "' does not fit in 64 bits");
  }
  if (error != std::errc{} || end != last || text.empty()) {
    throw UserError(file, line, std::string("%RANGE% ") + what + " '" + text + "' is not an integer");
  }
  return value;
}

RangeParameter parse_range_line(std::istringstream& fields, const std::string& file, std::size_t line) {
  RangeParameter parameter;
  parameter.line = line;
  std::string range;
  std::string extra;
  if (!(fields >> parameter.macro >> parameter.label >> range)) {
    throw UserError(file, line, "%RANGE% needs three fields: MACRO label start:end:step");
  }
  if (fields >> extra) throw UserError(file, line, "%RANGE% has an unexpected field '" + extra + "'");
  if (!is_identifier(parameter.macro)) {
    throw UserError(file, line, "%RANGE% macro '" + parameter.macro + "' is not an identifier");
  }
  // Macros the harness and the driver define themselves: a parameter named so would build every
  // variant as base (TUNE_BASE) or be overridden, and its results would be stored under tuned names.
  if (parameter.macro == "TUNE_BASE" || parameter.macro.rfind("POLICYTUNE_", 0) == 0) {
    throw UserError(file, line,
                    "%RANGE% macro '" + parameter.macro + "' is the harness's own (TUNE_BASE marks base's build, " +
                        "POLICYTUNE_ names are reserved): name the parameter otherwise");
  }
  if (!is_identifier(parameter.label)) {
    throw UserError(file, line, "%RANGE% label '" + parameter.label + "' is not an identifier");
  }
  const std::size_t first_colon = range.find(':');
  const std::size_t second_colon = first_colon == std::string::npos ? first_colon : range.find(':', first_colon + 1);
  if (second_colon == std::string::npos || range.find(':', second_colon + 1) != std::string::npos) {
    throw UserError(file, line, "%RANGE% range '" + range + "' is not start:end:step");
  }
  parameter.start = parse_int(range.substr(0, first_colon), "start", file, line);
  parameter.end = parse_int(range.substr(first_colon + 1, second_colon - first_colon - 1), "end", file, line);
  parameter.step = parse_int(range.substr(second_colon + 1), "step", file, line);
  if (parameter.step <= 0) {
    throw UserError(file, line, "%RANGE% step must be positive, got " + std::to_string(parameter.step));
  }
  if (parameter.end < parameter.start) {
    throw UserError(
        file, line,
        "%RANGE% end " + std::to_string(parameter.end) + " is before start " + std::to_string(parameter.start));
  }
  return parameter;
}

// A source the %RANGE% lines of which could not be read: UTF-16 (every other byte NUL, so no line
// would match and the space would silently be empty) or text with NUL bytes.
void require_text_source(const std::string& source, const std::string& file) {
  if (source.rfind("\xff\xfe", 0) == 0 || source.rfind("\xfe\xff", 0) == 0) {
    throw UserError(file, 1, "the source is UTF-16 (it starts with a byte order mark): save it as UTF-8");
  }
  const std::size_t nul = source.find('\0');
  if (nul != std::string::npos) {
    throw UserError(
        file, line_of_offset(source, nul),
        "the source holds a NUL byte: it is not text (UTF-16 without a byte order mark?); save it as UTF-8");
  }
}

}  // namespace

void for_each_directive(const std::string& source, const std::string& keyword,
                        const std::function<void(std::istringstream& fields, std::size_t line)>& handle) {
  std::istringstream lines(source);
  std::string text;
  std::size_t line = 0;
  while (std::getline(lines, text)) {
    ++line;
    std::istringstream fields(text);
    std::string comment;
    if (!(fields >> comment) || comment.rfind("//", 0) != 0) continue;
    std::string found = comment.substr(2);
    if (found.empty() && !(fields >> found)) continue;
    if (found == keyword) handle(fields, line);
  }
}

SearchSpace parse_search_space(const std::string& source, const std::string& file) {
  require_text_source(source, file);
  std::vector<RangeParameter> parameters;
  std::set<std::string> macros;
  std::set<std::string> labels;
  // `%//RANGE//%` does not match the keyword: that is how a range is switched off.
  for_each_directive(source, "%RANGE%", [&](std::istringstream& fields, std::size_t line) {
    RangeParameter parameter = parse_range_line(fields, file, line);
    if (!macros.insert(parameter.macro).second) {
      throw UserError(file, line, "%RANGE% macro '" + parameter.macro + "' is declared twice");
    }
    if (!labels.insert(parameter.label).second) {
      throw UserError(file, line, "%RANGE% label '" + parameter.label + "' is declared twice");
    }
    parameters.push_back(std::move(parameter));
  });
  SearchSpace space(std::move(parameters));
  space.set_source_file(file);
  return space;
}

std::optional<Variant> parse_test_variant(const std::string& source, const std::string& file,
                                          const SearchSpace& space) {
  std::optional<Variant> variant;
  for_each_directive(source, "%TEST%", [&](std::istringstream& fields, std::size_t line) {
    std::string name, extra;
    if (!(fields >> name) || (fields >> extra))
      throw UserError(file, line, "%TEST% names one variant: // %TEST% ipt_7.tpb_128");
    if (variant) throw UserError(file, line, "%TEST% is declared twice");
    variant = space.parse_name(name);
    if (!variant)
      throw UserError(file, line, "%TEST% '" + name + "' is not a variant of this benchmark's %RANGE% space");
  });
  return variant;
}

std::string range_lines(const SearchSpace& space) {
  std::string lines;
  for (const auto& p : space.parameters())
    lines += fmt::format("{} {} {}:{}:{}\n", p.macro, p.label, p.start, p.end, p.step);
  return lines;
}

SearchSpace parse_range_lines(const std::string& lines, const std::string& file) {
  std::string source;
  std::istringstream stream(lines);
  for (std::string line; std::getline(stream, line);) {
    if (!line.empty()) source += "// %RANGE% " + line + "\n";
  }
  return parse_search_space(source, file);
}

}  // namespace policytune
