#include "core/workload.hpp"

namespace policytune {

Workload parse_workload(const std::string& text) {
  Workload workload;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t stop = text.find(',', start);
    if (stop == std::string::npos) stop = text.size();
    const std::string pair = text.substr(start, stop - start);
    const std::size_t equals = pair.find('=');
    if (equals == std::string::npos) {
      workload.push_back({pair, ""});
    } else {
      workload.push_back({pair.substr(0, equals), pair.substr(equals + 1)});
    }
    start = stop + 1;
  }
  return workload;
}

std::string value_on(const std::string& text, const std::string& axis) {
  for (const auto& [name, value] : parse_workload(text)) {
    if (name == axis) return value;
  }
  return {};
}

std::string format_workload(const Workload& workload) {
  std::string text;
  for (const auto& [axis, value] : workload) {
    if (!text.empty()) text += ',';
    text += axis + "=" + value;
  }
  return text;
}

std::string describe_workload(const std::string& text) {
  std::string described;
  for (const auto& [axis, value] : parse_workload(text)) {
    if (!described.empty()) described += ", ";
    described += axis + "=" + value;
  }
  return described;
}

bool is_importance_ordered(const std::string& axis) noexcept { return axis.find("{io}") != std::string::npos; }

}  // namespace policytune
