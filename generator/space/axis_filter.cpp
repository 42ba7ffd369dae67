#include "space/axis_filter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <optional>

#include "core/user_error.hpp"
#include "protocol/harness_protocol.hpp"

namespace policytune {
namespace {

std::optional<std::int64_t> parse_int64(const std::string& text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// An item of an int64 filter: a value, or a range `start:end[:step]` including `end`.
bool integer_item_contains(const std::string& item, std::int64_t x) {
  const std::size_t first = item.find(':');
  if (first == std::string::npos) return parse_int64(item) == x;
  const std::size_t second = item.find(':', first + 1);
  const auto start = parse_int64(item.substr(0, first));
  const auto end = parse_int64(item.substr(first + 1, second == std::string::npos ? std::string::npos : second - first - 1));
  const auto step = second == std::string::npos ? std::optional<std::int64_t>(1) : parse_int64(item.substr(second + 1));
  if (!start || !end || !step || *step <= 0) return false;
  return x >= *start && x <= *end && (x - *start) % *step == 0;
}

// Whether `item` of `filter` selects value `i` of `axis`, as the harness decides it.
bool item_selects(const HarnessAxis& axis, std::size_t i, const AxisFilter& filter, const std::string& item) {
  const std::string& written = axis.values[i];
  switch (axis.kind) {
    case HarnessAxis::Kind::int64: {
      const auto given = parse_int64(written);
      if (!given) return false;
      if (axis.pow2 && (*given < 0 || *given > 62)) return false;
      const std::int64_t value = axis.pow2 ? std::int64_t{1} << *given : *given;
      if (!filter.pow2) return integer_item_contains(item, value);
      if (value <= 0 || (value & (value - 1)) != 0) return false;
      std::int64_t exponent = 0;
      while ((std::int64_t{1} << exponent) != value) ++exponent;
      return integer_item_contains(item, exponent);
    }
    case HarnessAxis::Kind::float64: {
      char* item_end = nullptr;
      char* value_end = nullptr;
      const double wanted = std::strtod(item.c_str(), &item_end);
      const double value = std::strtod(written.c_str(), &value_end);
      return item_end == item.c_str() + item.size() && !item.empty() && value_end != written.c_str() && wanted == value;
    }
    default: return written == item;
  }
}

// `I32, F32`, or `2^16, 2^20` on a power-of-two axis.
std::string describe_values(const HarnessAxis& axis) {
  std::vector<std::string> shown;
  for (const auto& value : axis.values) shown.push_back(axis.pow2 ? "2^" + value : value);
  return fmt::format("{}", fmt::join(shown, ", "));
}

}  // namespace

std::string AxisFilter::spec() const {
  std::string text = axis + (pow2 ? "[pow2]" : "") + "=";
  if (values.size() == 1) return text + values.front();
  text += "[";
  for (std::size_t i = 0; i < values.size(); ++i) text += (i == 0 ? "" : ",") + values[i];
  return text + "]";
}

bool AxisFilter::allows(const std::string& value) const {
  return std::find(values.begin(), values.end(), value) != values.end();
}

AxisFilter parse_axis_filter(const std::string& given) {
  // The error line stays one line whatever the spec holds.
  std::string spec = given;
  for (char& c : spec) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  if (spec != given) throw UserError("-a '" + spec + "' holds control characters");
  const std::size_t equals = spec.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == spec.size()) {
    throw UserError("-a '" + spec + "' is not Axis=value or Axis=[v1,v2]");
  }
  AxisFilter filter;
  filter.axis = spec.substr(0, equals);
  const std::string suffix = "[pow2]";
  if (filter.axis.size() > suffix.size() && filter.axis.ends_with(suffix)) {
    filter.axis.erase(filter.axis.size() - suffix.size());
    filter.pow2 = true;
  }
  std::string values = spec.substr(equals + 1);
  if (values.front() == '[') {
    if (values.back() != ']' || values.size() < 3) throw UserError("-a '" + spec + "': a list is written [v1,v2]");
    values = values.substr(1, values.size() - 2);
  }
  std::size_t start = 0;
  while (start <= values.size()) {
    const std::size_t stop = std::min(values.find(',', start), values.size());
    const std::string value = values.substr(start, stop - start);
    if (value.empty()) throw UserError("-a '" + spec + "' has an empty value");
    // So that spec() reads back as the same filter, and the harness splits it as we do.
    if (value.find_first_of("[]=") != std::string::npos) {
      throw UserError("-a '" + spec + "': the value '" + value + "' holds '[', ']' or '='");
    }
    filter.values.push_back(value);
    start = stop + 1;
  }
  return filter;
}

void check_filters_match(const std::vector<AxisFilter>& filters, const std::vector<HarnessEntry>& entries,
                         const std::string& source) {
  for (const AxisFilter& filter : filters) {
    std::vector<const HarnessAxis*> named;  // this axis in every entry that has it
    std::vector<std::string> axis_names;
    for (const auto& entry : entries) {
      for (const auto& axis : entry.axes) {
        if (axis.name == filter.axis) named.push_back(&axis);
        if (std::find(axis_names.begin(), axis_names.end(), axis.name) == axis_names.end()) axis_names.push_back(axis.name);
      }
    }
    if (named.empty()) {
      throw UserError(source, 0, fmt::format("-a '{}': the benchmark has no axis {} (its axes: {})", filter.spec(),
                                             filter.axis, axis_names.empty() ? "none" : fmt::format("{}", fmt::join(axis_names, ", "))));
    }
    for (const auto& item : filter.values) {
      const bool selects = std::any_of(named.begin(), named.end(), [&](const HarnessAxis* axis) {
        for (std::size_t i = 0; i < axis->values.size(); ++i) {
          if (item_selects(*axis, i, filter, item)) return true;
        }
        return false;
      });
      if (selects) continue;
      const HarnessAxis& axis = *named.front();
      std::string hint;
      if (axis.pow2 && !filter.pow2 && !axis.values.empty()) {
        hint = fmt::format("; {}[pow2]={} selects 2^{}", filter.axis, axis.values.front(), axis.values.front());
      }
      throw UserError(source, 0, fmt::format("-a '{}': axis {} has no value {} (its values: {}{})", filter.spec(),
                                             filter.axis, item, describe_values(axis), hint));
    }
  }
}

bool filters_allow(const std::vector<AxisFilter>& filters, const std::string& axis, const std::string& value) {
  return std::all_of(filters.begin(), filters.end(),
                     [&](const AxisFilter& filter) { return filter.axis != axis || filter.allows(value); });
}

}  // namespace policytune
