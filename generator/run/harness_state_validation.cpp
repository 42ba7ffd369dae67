#include "run/harness_state_validation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace policytune {
namespace {

// `Elements{io}[pow2]=16,Entropy{io}=1.000` against the entry's runtime axes, in their order.
std::optional<std::string> rt_workload_violation(const std::string& rt_workload, const HarnessEntry& entry,
                                                 const std::vector<AxisFilter>& filters) {
  std::vector<const HarnessAxis*> runtime_axes;
  for (const auto& axis : entry.axes) {
    if (!axis.compile_time()) runtime_axes.push_back(&axis);
  }
  std::vector<std::string> parts;
  if (!rt_workload.empty()) {
    std::istringstream stream(rt_workload);
    for (std::string part; std::getline(stream, part, ',');) parts.push_back(part);
  }
  if (parts.size() != runtime_axes.size()) {
    return fmt::format("runtime workload '{}' does not name the entry's {} runtime axes", rt_workload,
                       runtime_axes.size());
  }
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const HarnessAxis& axis = *runtime_axes[i];
    const std::string prefix = axis.name + (axis.pow2 ? "[pow2]=" : "=");
    if (parts[i].rfind(prefix, 0) != 0) {
      return fmt::format("runtime workload '{}' lacks {} at position {}", rt_workload, prefix, i + 1);
    }
    const std::string value = parts[i].substr(prefix.size());
    if (std::find(axis.values.begin(), axis.values.end(), value) == axis.values.end()) {
      return fmt::format("runtime workload '{}': {} is not a value of {}", rt_workload, value, axis.name);
    }
    if (!filters_allow(filters, axis.name, value)) {
      return fmt::format("runtime workload '{}' was filtered out (-a)", rt_workload);
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> request_violation(const HarnessState& state, const RunRequest& request) {
  const auto entry = std::find_if(request.entries.begin(), request.entries.end(),
                                  [&](const HarnessEntry& e) { return e.name == state.entry; });
  if (entry == request.entries.end()) return fmt::format("entry '{}' is not one the benchmark lists", state.entry);
  if (state.ct_workload != request.ct_workload) {
    return fmt::format("compile-time workload '{}' was not asked for ('{}' was)", state.ct_workload,
                       request.ct_workload);
  }
  return rt_workload_violation(state.rt_workload, *entry, request.filters);
}

std::optional<std::string> measurement_violation(const HarnessState& state, std::int64_t min_samples) {
  if (state.status != Status::ok) return std::nullopt;
  if (auto why = statistics_fault(state.statistics, min_samples)) return why;
  if (state.bytes_per_second && (!std::isfinite(*state.bytes_per_second) || *state.bytes_per_second < 0)) {
    return fmt::format("a bandwidth of {:g} bytes/s", *state.bytes_per_second);
  }
  return std::nullopt;
}

}  // namespace policytune
