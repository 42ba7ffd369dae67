#include "report_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "../analysis.hpp"
#include "../search_space.hpp"
#include "../user_error.hpp"
#include "../winner.hpp"
#include "../winners.hpp"
#include "../workload.hpp"

namespace policytune {
namespace {

std::string runtime_label(const RuntimeKey& key, bool several_entries) {
  return several_entries ? key.first + ": " + key.second : key.second;
}

std::vector<RuntimeSpread> spreads_of(const std::vector<std::pair<std::string, std::vector<std::pair<RuntimeKey, double>>>>& speedups,
                                      const std::string& winner) {
  std::vector<RuntimeKey> order;
  std::map<RuntimeKey, std::vector<double>> values;
  std::map<RuntimeKey, double> winner_values;
  std::set<std::string> entries;
  for (const auto& [variant, points] : speedups) {
    for (const auto& [key, speedup] : points) {
      auto& list = values[key];
      if (list.empty()) order.push_back(key);
      list.push_back(speedup);
      entries.insert(key.first);
      if (variant == winner) winner_values[key] = speedup;
    }
  }
  std::vector<RuntimeSpread> spreads;
  for (const auto& key : order) {
    const auto& list = values[key];
    RuntimeSpread spread{runtime_label(key, entries.size() > 1), *std::min_element(list.begin(), list.end()), 0,
                         *std::max_element(list.begin(), list.end()), std::nullopt};
    for (const double value : list) spread.mean += value / static_cast<double>(list.size());
    if (const auto found = winner_values.find(key); found != winner_values.end()) spread.winner = found->second;
    spreads.push_back(std::move(spread));
  }
  return spreads;
}

// The single policy's and each range variant's speedup against the dispatch axis (base, always 1, is the reference line).
std::vector<SpeedupCurve> curves_of(const WorkloadDispatch& dispatch,
                                    const std::vector<std::pair<std::string, std::vector<std::pair<RuntimeKey, double>>>>& speedups) {
  std::vector<SpeedupCurve> curves;
  if (!dispatch.dispatch) return curves;
  const DispatchAxis& axis = dispatch.dispatch->axis;
  std::vector<std::string> variants{dispatch.single.variant};
  for (const auto& range : dispatch.dispatch->ranges) {
    if (std::find(variants.begin(), variants.end(), range.variant) == variants.end()) variants.push_back(range.variant);
  }
  for (const auto& variant : variants) {
    const auto found = std::find_if(speedups.begin(), speedups.end(), [&](const auto& v) { return v.first == variant; });
    if (variant == "base" || found == speedups.end()) continue;
    SpeedupCurve curve{variant, {}};
    for (const auto& value : axis.values) {
      double sum = 0;
      std::size_t count = 0;
      for (const auto& [key, speedup] : found->second) {
        if (value_on(key.second, axis.key) != value) continue;
        sum += speedup;
        ++count;
      }
      if (count == 0) continue;
      const double x = axis.pow2 ? std::stod(value) : axis.runtime_value(value);
      curve.points.emplace_back(x, sum / static_cast<double>(count));
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
    std::sort(summary.reasons.begin(), summary.reasons.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
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

WorkloadReport workload_report(const WorkloadGroup& group, const std::vector<SearchSpaceRecord>& spaces,
                               const SourceStatus& sources) {
  WorkloadReport report;
  report.title = group.title();
  report.context = group.context();
  report.source = sources.describe(group);
  report.architecture = architecture_of(group.scope.device);
  report.scored = score_workload(group.rows);
  if (report.scored.problem.empty()) {
    if (const auto winner = pick_winner(report.scored, group.rows, [](const std::string&) { return true; })) {
      report.winner = winner->score.variant;
      report.winner_score = winner->score.score;
      report.winner_noise = winner->noise;
    }
    const auto speedups = runtime_speedups(group.rows, report.scored);
    report.spreads = spreads_of(speedups, report.winner);
    report.dispatch = select_dispatch(group, DispatchOptions{});
    report.curves = curves_of(report.dispatch, speedups);
  }
  const auto space = std::find_if(spaces.begin(), spaces.end(), [&](const SearchSpaceRecord& s) {
    return s.benchmark == group.scope.benchmark && s.source_hash == group.scope.source_hash;
  });
  if (space != spaces.end()) report.space_size = space->size;
  add_failures(group, report);
  add_convergence(group, report);
  return report;
}

// The search space a recorded benchmark had: its %RANGE% lines as stored.
SearchSpace recorded_space(const SearchSpaceRecord& record) {
  std::string source;
  std::istringstream lines(record.ranges);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) source += "// %RANGE% " + line + "\n";
  }
  return parse_search_space(source, record.benchmark + " (recorded search space)");
}

HubLinks hub_links(const std::vector<Measurement>& measurements, const std::vector<SearchSpaceRecord>& spaces,
                   const std::string& benchmark, const std::string& source_hash) {
  HubLinks links{benchmark, source_hash, {}, ""};
  const auto record = std::find_if(spaces.begin(), spaces.end(), [&](const SearchSpaceRecord& s) {
    return s.benchmark == benchmark && s.source_hash == source_hash;
  });
  if (record == spaces.end()) {
    links.problem = "no search space recorded for this source: the variants cannot be rendered";
    return links;
  }
  try {
    WinnerOptions options;
    options.benchmark = benchmark;
    options.source_hash = source_hash;
    options.dispatch = DispatchOptions{};
    links.architectures = select_winners(measurements, recorded_space(*record), options);
  } catch (const UserError& error) {
    links.problem = error.what();
  }
  return links;
}

}  // namespace

std::vector<std::pair<std::string, std::vector<std::pair<RuntimeKey, double>>>> runtime_speedups(
    const std::vector<const Measurement*>& rows, const ScoredWorkload& scored) {
  std::vector<std::pair<RuntimeKey, double>> base;  // in the order stored
  std::unordered_map<std::string, std::vector<const Measurement*>> by_variant;
  for (const auto* row : rows) {
    if (row->status != Status::ok) continue;
    if (row->variant == "base") base.emplace_back(RuntimeKey{row->entry, row->rt_workload}, row->statistics.median);
    by_variant[row->variant].push_back(row);
  }
  std::vector<std::pair<std::string, std::vector<std::pair<RuntimeKey, double>>>> result;
  for (const auto& score : scored.ranked) {
    if (score.variant == "base") continue;
    std::map<RuntimeKey, double> medians;
    for (const auto* row : by_variant[score.variant]) medians[{row->entry, row->rt_workload}] = row->statistics.median;
    std::vector<std::pair<RuntimeKey, double>> points;
    for (const auto& [key, median] : base) {
      const auto found = medians.find(key);
      if (found != medians.end() && found->second > 0) points.emplace_back(key, median / found->second);
    }
    result.emplace_back(score.variant, std::move(points));
  }
  return result;
}

Report build_report(const std::vector<Measurement>& measurements, const std::vector<SearchSpaceRecord>& spaces,
                    const std::string& database) {
  Report report{database, measurements.size(), {}, {}};
  const auto groups = group_by_workload(measurements);
  const SourceStatus sources = source_status(measurements, {});
  for (const auto& group : groups) report.workloads.push_back(workload_report(group, spaces, sources));
  for (const auto& [benchmark, hash] : sources.newest) {
    report.hubs.push_back(hub_links(measurements, spaces, benchmark, hash));
  }
  return report;
}

}  // namespace policytune
