#include "protocol/declared_axes.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/json_document.hpp"
#include "protocol/harness_protocol.hpp"

namespace policytune {

DeclaredAxes declared_runtime_axes(const std::vector<HarnessEntry>& listing) {
  DeclaredAxes declared;
  for (const auto& entry : listing) {
    auto& axes = declared[entry.name];
    for (const auto& axis : entry.axes) {
      if (axis.compile_time()) continue;
      axes.push_back({axis.name + (axis.pow2 ? "[pow2]" : ""), axis.values});
    }
  }
  return declared;
}

std::string format_declared_axes(const DeclaredAxes& axes) {
  nlohmann::json document = nlohmann::json::object();
  for (const auto& [entry, entry_axes] : axes) {
    auto& list = document[entry] = nlohmann::json::array();
    for (const auto& axis : entry_axes) list.push_back({{"axis", axis.name}, {"values", axis.values}});
  }
  return document.dump();
}

DeclaredAxes parse_declared_axes(const std::string& text) {
  if (text.empty()) return {};
  const auto malformed = [] {
    return std::invalid_argument("declared runtime axes are not a JSON object of axis lists");
  };
  nlohmann::json document;
  try {
    document = parse_json(text);
  } catch (const JsonRefused&) {
    throw malformed();
  }
  if (!document.is_object()) throw malformed();
  DeclaredAxes axes;
  for (const auto& [entry, list] : document.items()) {
    if (!list.is_array()) throw malformed();
    auto& entry_axes = axes[entry];
    for (const auto& axis : list) {
      if (!axis.is_object() || !axis.contains("axis") || !axis["axis"].is_string() || !axis.contains("values") ||
          !axis["values"].is_array()) {
        throw malformed();
      }
      DeclaredAxis parsed{axis["axis"].get<std::string>(), {}};
      for (const auto& value : axis["values"]) {
        if (!value.is_string()) throw malformed();
        parsed.values.push_back(value.get<std::string>());
      }
      entry_axes.push_back(std::move(parsed));
    }
  }
  return axes;
}

}  // namespace policytune
