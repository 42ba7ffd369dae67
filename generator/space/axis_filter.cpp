#include "space/axis_filter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <policytune/protocol/axis_filter_rules.hpp>

#include "core/user_error.hpp"
#include "protocol/harness_protocol.hpp"

namespace policytune {
namespace {

// Whether `item` of `filter` selects value `i` of `axis`, as the harness decides it: by the rules
// both share (protocol/policytune/protocol/axis_filter_rules.hpp), applied to the values as the
// listing writes them (a power-of-two axis writes exponents).
bool item_selects(const HarnessAxis& axis, std::size_t i, const AxisFilter& filter, const std::string& item) {
  const std::string& written = axis.values[i];
  switch (axis.kind) {
    case HarnessAxis::Kind::int64: {
      long long given = 0;
      if (!protocol::parse_integer(written, given)) return false;
      if (axis.pow2 && (given < 0 || given > 62)) return false;
      const long long value = axis.pow2 ? 1LL << given : given;
      return protocol::int64_item_selects(item, value, filter.pow2);
    }
    case HarnessAxis::Kind::float64: {
      char* value_end = nullptr;
      const double value = std::strtod(written.c_str(), &value_end);
      return value_end != written.c_str() && protocol::float64_item_selects(item, value);
    }
    default:
      return protocol::label_item_selects(item, written);
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
  std::string text = axis + (pow2 ? protocol::pow2_suffix : "") + "=";
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
  filter.pow2 = protocol::strip_pow2_suffix(filter.axis);
  // `[pow2]=5` names no axis (the harness rejects it as well).
  if (filter.axis.empty()) throw UserError("-a '" + spec + "' is not Axis=value or Axis=[v1,v2]");
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
        if (std::find(axis_names.begin(), axis_names.end(), axis.name) == axis_names.end())
          axis_names.push_back(axis.name);
      }
    }
    if (named.empty()) {
      throw UserError(source, 0,
                      fmt::format("-a '{}': the benchmark has no axis {} (its axes: {})", filter.spec(), filter.axis,
                                  axis_names.empty() ? "none" : fmt::format("{}", fmt::join(axis_names, ", "))));
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
      throw UserError(source, 0,
                      fmt::format("-a '{}': axis {} has no value {} (its values: {}{})", filter.spec(), filter.axis,
                                  item, describe_values(axis), hint));
    }
  }
}

bool filters_allow(const std::vector<AxisFilter>& filters, const std::string& axis, const std::string& value) {
  return std::all_of(filters.begin(), filters.end(),
                     [&](const AxisFilter& filter) { return filter.axis != axis || filter.allows(value); });
}

}  // namespace policytune
