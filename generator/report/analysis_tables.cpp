#include "report/analysis_tables.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "core/big_count.hpp"
#include "core/comment_text.hpp"
#include "core/user_error.hpp"
#include "core/workload.hpp"
#include "select/confirmed_variants.hpp"
#include "select/score.hpp"

namespace policytune {

std::string format_top(const std::vector<WorkloadGroup>& groups, std::size_t top, const SourceStatus& sources) {
  std::string out;
  for (const auto& group : groups) {
    const ScoredWorkload scored = score_workload(group.rows, group.declared);
    out += fmt::format("{} on {}:\n  {}\n", group.title(), group.context(), sources.describe(group));
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
    if (const auto confirmed = confirmed_variants(group.rows)) {
      // The search's progress lines scored against the base measured before the search: say why
      // these scores differ from them.
      out += fmt::format(
          "  (measured again side by side by a confirmation round: {}; only these may win; every score is against "
          "base as that round measured it, where the search's progress lines used base measured before the search)\n",
          fmt::join(*confirmed, ", "));
    }
  }
  return out;
}

std::string format_coverage(const std::vector<WorkloadGroup>& groups, const std::vector<SearchSpaceRecord>& spaces,
                            const SourceStatus& sources) {
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
      out += fmt::format("{} on {} coverage: {} / unknown space; {}\n", group.title(), group.context(), variants.size(),
                         sources.describe(group));
      continue;
    }
    const double size = BigCount::parse(space->size).to_double();
    const double percent = size > 0 ? 100.0 * static_cast<double>(variants.size()) / size : 0.0;
    out += fmt::format("{} on {} coverage: {} / {} ({:.4f}%); {}\n", group.title(), group.context(), variants.size(),
                       space->size, percent, sources.describe(group));
  }
  return out;
}

std::string format_failures(const std::vector<WorkloadGroup>& groups, const SourceStatus& sources) {
  struct Failure {
    std::string variant;
    Status status;
    std::string reason;
    std::vector<std::string> rt_workloads;  // empty: failed before any workload ran (a build)
  };
  std::string out;
  for (const auto& group : groups) {
    std::vector<Failure> failures;  // one per variant, status and reason, in the order stored
    std::set<std::string> skipped;
    for (const auto* row : group.rows) {
      if (row->status == Status::skipped) skipped.insert(row->variant);
      if (row->status == Status::ok || row->status == Status::skipped) continue;
      auto found = std::find_if(failures.begin(), failures.end(), [&](const Failure& f) {
        return f.variant == row->variant && f.status == row->status && f.reason == row->reason;
      });
      if (found == failures.end())
        found = failures.insert(failures.end(), Failure{row->variant, row->status, row->reason, {}});
      if (!row->rt_workload.empty()) found->rt_workloads.push_back(row->rt_workload);
    }
    if (failures.empty()) continue;
    std::set<std::string> failed;
    for (const auto& f : failures) failed.insert(f.variant);
    out +=
        fmt::format("{} on {}:\n  {}\n  {} failed variant{}{}\n", group.title(), group.context(),
                    sources.describe(group), failed.size(), failed.size() == 1 ? "" : "s",
                    skipped.empty() ? "" : fmt::format(" ({} skipped: the device cannot launch them)", skipped.size()));
    std::size_t variant_width = 0, status_width = 0;
    for (const auto& f : failures) {
      variant_width = std::max(variant_width, f.variant.size());
      status_width = std::max(status_width, to_string(f.status).size());
    }
    for (const auto& f : failures) {
      const std::string where = f.rt_workloads.empty() ? "" : fmt::format(" (at {})", fmt::join(f.rt_workloads, ", "));
      out += fmt::format("    {:<{}}  {:<{}}  {}{}\n", f.variant, variant_width, to_string(f.status), status_width,
                         f.reason.empty() ? "no reason recorded" : one_line_text(f.reason), where);
    }
  }
  return out;
}

}  // namespace policytune
