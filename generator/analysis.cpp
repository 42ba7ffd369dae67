#include "analysis.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "big_count.hpp"
#include "score.hpp"
#include "workload.hpp"

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

std::vector<WorkloadGroup> group_by_workload(const std::vector<Measurement>& measurements) {
  std::vector<WorkloadGroup> groups;
  for (const auto& m : measurements) {
    const MeasurementScope scope{m.benchmark, m.device, m.toolkit, m.library, m.source_hash, m.ct_workload};
    auto found = std::find_if(groups.begin(), groups.end(), [&](const WorkloadGroup& g) { return g.scope == scope; });
    if (found == groups.end()) {
      groups.push_back({scope, {}});
      found = std::prev(groups.end());
    }
    found->rows.push_back(&m);
  }
  return groups;
}

std::string format_top(const std::vector<WorkloadGroup>& groups, std::size_t top) {
  std::string out;
  for (const auto& group : groups) {
    const ScoredWorkload scored = score_workload(group.rows);
    out += fmt::format("{} on {}:\n", group.title(), group.context());
    if (!scored.problem.empty()) {
      out += fmt::format("  not scored: {}\n", scored.problem);
      continue;
    }
    std::vector<VariantScore> shown;
    for (const auto& score : scored.ranked) {
      if (shown.size() < top || score.variant == "base") shown.push_back(score);
    }
    std::size_t width = std::string("variant").size();
    for (const auto& score : shown) width = std::max(width, score.variant.size());
    out += fmt::format("  {:>{}} {:>9} {:>9} {:>9} {:>9}\n", "variant", width, "score", "mins", "means", "maxs");
    for (const auto& s : shown) {
      out += fmt::format("  {:>{}} {:9.6f} {:9.6f} {:9.6f} {:9.6f}\n", s.variant, width, s.score, s.min, s.mean, s.max);
    }
    if (scored.unranked > 0) out += fmt::format("  ({} variants not ranked: failed or incomplete)\n", scored.unranked);
  }
  return out;
}

std::string format_coverage(const std::vector<WorkloadGroup>& groups, const std::vector<SearchSpaceRecord>& spaces) {
  std::string out;
  for (const auto& group : groups) {
    std::set<std::string> variants;
    for (const auto* row : group.rows) {
      if (row->variant != "base") variants.insert(row->variant);
    }
    const auto space = std::find_if(spaces.begin(), spaces.end(), [&](const SearchSpaceRecord& s) {
      return s.benchmark == group.scope.benchmark && s.source_hash == group.scope.source_hash;
    });
    if (space == spaces.end()) {
      out += fmt::format("{} on {} coverage: {} / unknown space\n", group.title(), group.context(), variants.size());
      continue;
    }
    const double size = BigCount::parse(space->size).to_double();
    const double percent = size > 0 ? 100.0 * static_cast<double>(variants.size()) / size : 0.0;
    out += fmt::format("{} on {} coverage: {} / {} ({:.4f}%)\n", group.title(), group.context(), variants.size(),
                       space->size, percent);
  }
  return out;
}

}  // namespace policytune
