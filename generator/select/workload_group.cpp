#include "select/workload_group.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "core/big_count.hpp"
#include "core/user_error.hpp"
#include "core/workload.hpp"
#include "select/confirmed_variants.hpp"
#include "select/score.hpp"

namespace policytune {

std::string WorkloadGroup::title() const {
  if (scope.ct_workload.empty()) return scope.benchmark;
  return scope.benchmark + "[" + describe_workload(scope.ct_workload) + "]";
}

std::string WorkloadGroup::context() const {
  std::string text = scope.device.describe();
  if (!scope.toolkit.empty()) text += ", " + scope.toolkit;
  if (!scope.library.empty()) text += ", " + scope.library;
  return text;
}

std::string WorkloadGroup::newest_measurement() const {
  std::string newest;
  for (const auto* row : rows) newest = std::max(newest, row->recorded_at);
  return newest;
}

SourceStatus source_status(const std::vector<Measurement>& measurements,
                           std::map<std::string, std::string> current_sources) {
  SourceStatus status;
  status.current = std::move(current_sources);
  std::map<std::string, std::string> newest_time;
  for (const auto& m : measurements) {
    auto& time = newest_time[m.benchmark];
    if (m.recorded_at >= time) {  // ISO 8601 UTC compares as text
      time = m.recorded_at;
      status.newest[m.benchmark] = m.source_hash;
    }
  }
  return status;
}

std::string SourceStatus::describe(const WorkloadGroup& group) const {
  const std::string& benchmark = group.scope.benchmark;
  const std::string& hash = group.scope.source_hash;
  std::string mark;
  if (const auto known = current.find(benchmark); known != current.end()) {
    mark = known->second == hash ? "current" : "OLD: the source file is now " + known->second;
  } else if (const auto found = newest.find(benchmark); found != newest.end()) {
    mark = found->second == hash ? "newest" : "older than " + found->second;
  }
  std::string text =
      fmt::format("source {}, last measured {}", hash.empty() ? "unknown" : hash, group.newest_measurement());
  return mark.empty() ? text : text + " (" + mark + ")";
}

DeclaredAxes declared_axes_of(const std::vector<SearchSpaceRecord>& spaces, const std::string& benchmark,
                              const std::string& source_hash, const std::string& database) {
  for (const auto& space : spaces) {
    if (space.benchmark != benchmark || space.source_hash != source_hash) continue;
    try {
      return parse_declared_axes(space.runtime_axes);
    } catch (const std::invalid_argument& error) {
      throw UserError(database, 0,
                      fmt::format("search space of {} (source {}): {}", benchmark, source_hash, error.what()));
    }
  }
  return {};
}

std::vector<WorkloadGroup> group_by_workload(const std::vector<Measurement>& measurements,
                                             const std::vector<SearchSpaceRecord>& spaces,
                                             const std::string& database) {
  std::vector<WorkloadGroup> groups;
  for (const auto& m : measurements) {
    const MeasurementScope scope{m.benchmark, m.device, m.toolkit, m.library, m.source_hash, m.ct_workload};
    auto found = std::find_if(groups.begin(), groups.end(), [&](const WorkloadGroup& g) { return g.scope == scope; });
    if (found == groups.end()) {
      groups.push_back({scope, {}, declared_axes_of(spaces, m.benchmark, m.source_hash, database)});
      found = std::prev(groups.end());
    }
    found->rows.push_back(&m);
  }
  return groups;
}

}  // namespace policytune
