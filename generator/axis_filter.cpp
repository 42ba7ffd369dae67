#include "axis_filter.hpp"

#include <algorithm>

#include "user_error.hpp"

namespace policytune {

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

AxisFilter parse_axis_filter(const std::string& spec) {
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
    filter.values.push_back(value);
    start = stop + 1;
  }
  return filter;
}

bool filters_allow(const std::vector<AxisFilter>& filters, const std::string& axis, const std::string& value) {
  return std::all_of(filters.begin(), filters.end(),
                     [&](const AxisFilter& filter) { return filter.axis != axis || filter.allows(value); });
}

}  // namespace policytune
