#include "report/report_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "core/user_error.hpp"
#include "core/workload.hpp"
#include "select/pick_winner.hpp"
#include "select/select_winners.hpp"
#include "select/workload_group.hpp"
#include "space/search_space.hpp"

namespace policytune {
namespace {

std::string runtime_label(const RuntimeKey& key, bool several_entries) {
  return several_entries ? key.first + ": " + key.second : key.second;
}

std::vector<RuntimeSpread> spreads_of(const RuntimeSpeedups& speedups, const std::string& winner) {
  std::set<std::string> entries;
  for (const auto& key : speedups.workloads) entries.insert(key.first);
  std::vector<RuntimeSpread> spreads;
  for (std::size_t k = 0; k < speedups.workloads.size(); ++k) {
    RuntimeSpread spread{runtime_label(speedups.workloads[k], entries.size() > 1), INFINITY, 0, -INFINITY,
                         std::nullopt};
    std::size_t count = 0;
    for (const auto& [variant, values] : speedups.variants) {
      const double value = values[k];
      if (std::isnan(value)) continue;
      spread.min = std::min(spread.min, value);
      spread.max = std::max(spread.max, value);
      spread.mean += value;
      ++count;
      if (variant == winner) spread.winner = value;
    }
    if (count == 0) continue;
    spread.mean /= static_cast<double>(count);
    spreads.push_back(std::move(spread));
  }
  return spreads;
}

// The single policy's and each range variant's speedup against the dispatch axis (base, always 1, is the reference line).
std::vector<SpeedupCurve> curves_of(const WorkloadDispatch& dispatch, const RuntimeSpeedups& speedups) {
  std::vector<SpeedupCurve> curves;
  if (!dispatch.dispatch) return curves;
  const DispatchAxis& axis = dispatch.dispatch->axis;
  std::vector<std::string> variants{dispatch.single.variant};
  for (const auto& range : dispatch.dispatch->ranges) {
    if (std::find(variants.begin(), variants.end(), range.variant) == variants.end()) variants.push_back(range.variant);
  }
  std::vector<std::string> values_of;  // each runtime workload's value on the axis
  for (const auto& key : speedups.workloads) values_of.push_back(value_on(key.second, axis.key));
  for (const auto& variant : variants) {
    const auto found = std::find_if(speedups.variants.begin(), speedups.variants.end(),
                                    [&](const auto& v) { return v.first == variant; });
    if (variant == "base" || found == speedups.variants.end()) continue;
    SpeedupCurve curve{variant, {}};
    for (const auto& value : axis.values) {
      double sum = 0;
      std::size_t count = 0;
      for (std::size_t k = 0; k < values_of.size(); ++k) {
        if (values_of[k] != value || std::isnan(found->second[k])) continue;
        sum += found->second[k];
        ++count;
      }
      if (count == 0) continue;
      curve.points.emplace_back(axis.pow2 ? std::stod(value) : axis.runtime_value(value),
                                sum / static_cast<double>(count));
    }
    curves.push_back(std::move(curve));
  }
  return curves;
}

void add_failures(const WorkloadGroup& group, WorkloadReport& report) {
  std::map<Status, std::map<std::string, std::set<std::string>>> by_status;  // status -> reason -> variants
  std::set<std::string> skipped;
  for (const auto* row : group.rows) {
    if (row->status == Status::skipped) skipped.insert(row->variant);
    if (row->status == Status::ok || row->status == Status::skipped) continue;
    by_status[row->status][row->reason.empty() ? "no reason recorded" : row->reason].insert(row->variant);
  }
  report.skipped = skipped.size();
  for (const auto& [status, reasons] : by_status) {
    FailureSummary summary{status, 0, {}, {}};
    std::set<std::string> variants;
    for (const auto& [reason, names] : reasons) {
      summary.reasons.emplace_back(reason, names.size());
      variants.insert(names.begin(), names.end());
    }
    std::sort(summary.reasons.begin(), summary.reasons.end(),
              [](const auto& a, const auto& b) { return a.second > b.second; });
    summary.variants = variants.size();
    for (const auto& name : variants) {
      if (summary.examples.size() == 5) break;
      summary.examples.push_back(name);
    }
    report.failures.push_back(std::move(summary));
  }
}

// Best score so far against distinct variants evaluated, in the order their rows were stored.
void add_convergence(const WorkloadGroup& group, WorkloadReport& report) {
  std::unordered_map<std::string, double> scores;
  for (const auto& score : report.scored.ranked) scores.emplace(score.variant, score.score);
  std::unordered_map<std::string, bool> seen;
  double best = 1;  // base
  std::size_t evaluations = 0;
  report.convergence.emplace_back(0, best);
  for (const auto* row : group.rows) {
    if (row->variant == "base" || !seen.emplace(row->variant, true).second) continue;
    ++evaluations;
    const auto found = scores.find(row->variant);
    if (found != scores.end() && found->second > best) {
      best = found->second;
      report.convergence.emplace_back(static_cast<double>(evaluations), best);
    }
  }
  report.measured = evaluations;
  if (report.convergence.back().first != static_cast<double>(evaluations)) {
    report.convergence.emplace_back(static_cast<double>(evaluations), best);
  }
}

// The search space a recorded benchmark had, rebuilt from its %RANGE% lines as stored; nullopt
// where none was recorded (imported results) or the record does not parse.
std::optional<SearchSpace> recorded_space(const std::vector<SearchSpaceRecord>& spaces, const std::string& benchmark,
                                          const std::string& source_hash) {
  const auto record = std::find_if(spaces.begin(), spaces.end(), [&](const SearchSpaceRecord& s) {
    return s.benchmark == benchmark && s.source_hash == source_hash;
  });
  if (record == spaces.end()) return std::nullopt;
  try {
    return parse_range_lines(record->ranges, benchmark + " (recorded search space)");
  } catch (const UserError&) {
    return std::nullopt;
  }
}

// The variants generate could render: those of the recorded space (all, where none was recorded).
std::function<bool(const std::string&)> renderable(const std::optional<SearchSpace>& space) {
  if (!space) return [](const std::string&) { return true; };
  return [&space](const std::string& variant) { return variant == "base" || space->parse_name(variant).has_value(); };
}

WorkloadReport workload_report(const WorkloadGroup& group, const std::vector<SearchSpaceRecord>& spaces,
                               const std::optional<SearchSpace>& space, const SourceStatus& sources) {
  WorkloadReport report;
  report.title = group.title();
  report.context = group.context();
  report.source = sources.describe(group);
  report.architecture = architecture_of(group.scope.device);
  report.device = group.scope.device.name;
  report.ct_workload = group.scope.ct_workload;
  report.scored = score_workload(group.rows, group.declared);
  if (report.scored.problem.empty()) {
    if (const auto winner = pick_winner(report.scored, group.rows, renderable(space))) {
      report.winner = winner->score.variant;
      report.winner_score = winner->score.score;
      report.winner_noise = winner->noise;
    }
    const auto speedups = runtime_speedups(group.rows, report.scored);
    report.spreads = spreads_of(speedups, report.winner);
    DispatchOptions options;
    options.usable = renderable(space);
    report.dispatch = select_dispatch(group, options);
    report.curves = curves_of(report.dispatch, speedups);
  }
  const auto record = std::find_if(spaces.begin(), spaces.end(), [&](const SearchSpaceRecord& s) {
    return s.benchmark == group.scope.benchmark && s.source_hash == group.scope.source_hash;
  });
  if (record != spaces.end()) report.space_size = record->size;
  add_failures(group, report);
  add_convergence(group, report);
  return report;
}

// The links generate renders for one source (one policy per workload), and the ranges of the
// dispatches the report's workloads keep, as `generate --dispatch` adds them.
HubLinks hub_links(const std::vector<Measurement>& measurements, const std::vector<SearchSpaceRecord>& spaces,
                   const std::string& database, const std::optional<SearchSpace>& space, const std::string& benchmark,
                   const std::string& source_hash,
                   const std::vector<std::pair<const WorkloadGroup*, const WorkloadReport*>>& workloads) {
  HubLinks links{benchmark, source_hash, {}, {}, ""};
  if (!space) {
    links.problem = "no search space recorded for this source: the variants cannot be rendered";
    return links;
  }
  try {
    WinnerOptions options;
    options.benchmark = benchmark;
    options.source_hash = source_hash;
    options.declared = declared_axes_of(spaces, benchmark, source_hash, database);
    links.architectures = select_winners(measurements, *space, options);
  } catch (const UserError& error) {
    links.problem = error.what();
    return links;
  }
  for (const auto& link : links.architectures) {
    for (const auto& [group, report] : workloads) {
      if (group->scope.benchmark != benchmark || group->scope.source_hash != source_hash ||
          report->device != link.device || report->architecture != link.measured_architecture ||
          !report->dispatch.kept) {
        continue;
      }
      std::string ranges;
      for (const auto& range : report->dispatch.dispatch->ranges) {
        ranges += (ranges.empty() ? "" : "; ") + report->dispatch.dispatch->axis.describe(range) + " " + range.variant;
      }
      links.dispatch_ranges[{link.architecture, report->ct_workload}] = {report->dispatch.dispatch->axis.name, ranges};
    }
  }
  return links;
}

}  // namespace

RuntimeSpeedups runtime_speedups(const std::vector<const Measurement*>& rows, const ScoredWorkload& scored) {
  RuntimeSpeedups result;
  std::map<RuntimeKey, std::size_t> index;  // base's workloads
  std::vector<double> base;
  for (const auto* row : rows) {
    if (row->variant != "base" || row->status != Status::ok || row->statistics.median <= 0) continue;
    const auto [found, added] = index.emplace(RuntimeKey{row->entry, row->rt_workload}, base.size());
    if (!added) continue;
    result.workloads.push_back(found->first);
    base.push_back(row->statistics.median);
  }
  std::unordered_map<std::string, std::size_t> ranked;  // variant -> its place in result.variants
  for (const auto& score : scored.ranked) {
    if (score.variant == "base") continue;
    ranked.emplace(score.variant, result.variants.size());
    result.variants.emplace_back(score.variant, std::vector<double>(base.size(), NAN));
  }
  for (const auto* row : rows) {
    if (row->status != Status::ok || row->statistics.median <= 0) continue;
    const auto variant = ranked.find(row->variant);
    if (variant == ranked.end()) continue;
    const auto workload = index.find(RuntimeKey{row->entry, row->rt_workload});
    if (workload == index.end()) continue;
    result.variants[variant->second].second[workload->second] = base[workload->second] / row->statistics.median;
  }
  return result;
}

Report build_report(const std::vector<Measurement>& measurements, const std::vector<SearchSpaceRecord>& spaces,
                    const std::string& database) {
  Report report{database, measurements.size(), {}, {}};
  const auto groups = group_by_workload(measurements, spaces, database);
  const SourceStatus sources = source_status(measurements, {});
  std::map<std::pair<std::string, std::string>, std::optional<SearchSpace>> recorded;  // (benchmark, source hash)
  for (const auto& group : groups) {
    const std::pair key{group.scope.benchmark, group.scope.source_hash};
    if (recorded.count(key) == 0) recorded.emplace(key, recorded_space(spaces, key.first, key.second));
  }
  report.workloads.reserve(groups.size());
  std::vector<std::pair<const WorkloadGroup*, const WorkloadReport*>> pairs;
  for (const auto& group : groups) {
    report.workloads.push_back(
        workload_report(group, spaces, recorded[{group.scope.benchmark, group.scope.source_hash}], sources));
  }
  for (std::size_t i = 0; i < groups.size(); ++i) pairs.emplace_back(&groups[i], &report.workloads[i]);
  for (const auto& [benchmark, hash] : sources.newest) {
    report.hubs.push_back(
        hub_links(measurements, spaces, database, recorded[{benchmark, hash}], benchmark, hash, pairs));
  }
  return report;
}

}  // namespace policytune
