#include "select/workload_group.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "core/big_count.hpp"
#include "core/comment_text.hpp"
#include "core/user_error.hpp"
#include "core/workload.hpp"
#include "select/confirmed_variants.hpp"
#include "select/score.hpp"
#include "space/search_space.hpp"

namespace policytune {

std::string WorkloadGroup::title() const {
  if (scope.ct_workload.empty()) return scope.benchmark;
  return scope.benchmark + "[" + describe_workload(scope.ct_workload) + "]";
}

std::string WorkloadGroup::context() const {
  std::string text = scope.device.describe();
  if (!scope.toolkit.empty()) text += ", " + scope.toolkit;
  if (!scope.library.empty()) text += ", " + scope.library;
  return one_line_text(text);  // the harness's words (a device's name), printed in headings
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

namespace {

// The space a search recorded for (benchmark, source hash) as %RANGE% lines; nullopt where none
// was recorded or its lines are not ranges (an import's parameter names).
std::optional<SearchSpace> recorded_space(const std::vector<SearchSpaceRecord>& spaces, const std::string& benchmark,
                                          const std::string& source_hash, const std::string& database) {
  for (const auto& space : spaces) {
    if (space.benchmark != benchmark || space.source_hash != source_hash) continue;
    // Lines of three fields are ranges; anything else (an import's parameter names) says nothing.
    std::istringstream lines(space.ranges);
    bool ranges = false;
    for (std::string line; std::getline(lines, line);) {
      std::istringstream fields(line);
      const auto words =
          std::distance(std::istream_iterator<std::string>(fields), std::istream_iterator<std::string>());
      if (words != 0 && words != 3) return std::nullopt;
      ranges = ranges || words == 3;
    }
    if (!ranges) return std::nullopt;  // none recorded
    try {
      return parse_range_lines(space.ranges, database);
    } catch (const UserError& error) {
      throw UserError(
          database, 0,
          fmt::format("damaged database: search space of {} (source {}): {}", benchmark, source_hash, error.message()));
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<WorkloadGroup> group_by_workload(const std::vector<Measurement>& measurements,
                                             const std::vector<SearchSpaceRecord>& spaces,
                                             const std::string& database) {
  std::vector<WorkloadGroup> groups;
  // A stored variant outside the space its search recorded was never built from that space: a row
  // written by hand or by another tool, which would rank like any other.
  std::map<std::pair<std::string, std::string>, std::optional<SearchSpace>> recorded;
  for (const auto& m : measurements) {
    const auto key = std::pair{m.benchmark, m.source_hash};
    auto space = recorded.find(key);
    if (space == recorded.end()) {
      space = recorded.emplace(key, recorded_space(spaces, m.benchmark, m.source_hash, database)).first;
    }
    if (space->second && m.variant != "base" && !space->second->parse_name(m.variant)) {
      throw UserError(database, 0,
                      fmt::format("damaged database: {} {} is not a variant of the search space recorded for its "
                                  "source {}",
                                  m.benchmark, m.variant, m.source_hash));
    }
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
