#include "check/regression_check.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <optional>

#include "core/comment_text.hpp"
#include "core/workload.hpp"
#include "protocol/declared_axes.hpp"
#include "run/benchmark_session.hpp"
#include "run/measurement_lanes.hpp"
#include "select/select_winners.hpp"
#include "store/results_database.hpp"

namespace policytune {
namespace {

using Seconds = BenchmarkSession::Seconds;
using RowKey = std::pair<std::string, std::string>;  // (entry, runtime workload)

// The link of the shipped chain that serves `architecture`: the highest measured architecture at
// or below it (as cub::ChainedPolicy picks), or the host's own.
const ArchitecturePolicies* serving_link(const std::vector<ArchitecturePolicies>& links,
                                         const std::string& architecture) {
  const ArchitecturePolicies* serving = nullptr;
  for (const auto& link : links) {
    if (architecture == "host" || link.architecture == "host") {
      if (link.architecture == architecture) serving = &link;
    } else if (std::stoi(link.architecture) <= std::stoi(architecture)) {
      serving = &link;  // ascending: the last one that fits is the highest
    }
  }
  return serving;
}

std::map<RowKey, const Measurement*> by_runtime_workload(const std::vector<Measurement>& rows) {
  std::map<RowKey, const Measurement*> indexed;
  for (const auto& row : rows) indexed[{row.entry, row.rt_workload}] = &row;
  return indexed;
}

// The database's rows of `variant` for one compile-time workload on one device, by runtime workload.
std::map<RowKey, const Measurement*> stored_rows(const std::vector<Measurement>& stored, const std::string& device_name,
                                                 const std::string& ct_workload, const std::string& variant) {
  std::map<RowKey, const Measurement*> rows;
  for (const auto& row : stored) {
    if (row.device.name != device_name || row.ct_workload != ct_workload || row.status != Status::ok) continue;
    if (row.variant == variant) rows[{row.entry, row.rt_workload}] = &row;
  }
  return rows;
}

std::optional<double> stored_median(const std::map<RowKey, const Measurement*>& rows, const RowKey& key) {
  const auto found = rows.find(key);
  if (found == rows.end()) return std::nullopt;
  return found->second->statistics.median;
}

// A run that produced no state at all (a timeout, a crash, a failed parse): one row, no workload.
const Measurement* whole_run_failure(const std::vector<Measurement>& rows) {
  if (rows.size() == 1 && rows.front().rt_workload.empty() && rows.front().status != Status::ok) return &rows.front();
  return nullptr;
}

// A kept dispatch: each range's variant at the range's boundaries, against base and against the
// single policy the ranges replaced.
class DispatchCheck {
public:
  DispatchCheck(const CheckOptions& options, BenchmarkSession& session, const LaneEnvironment& lane, RunLog& progress,
                const CompileTimeWorkload& workload, const WorkloadPolicy& policy, CheckReport& report)
      : options_(options),
        session_(session),
        lane_(lane),
        progress_(progress),
        workload_(workload),
        dispatch_(*policy.ranges),
        axis_(dispatch_.measured.axis),
        single_(policy.variant_name),
        report_(report) {
    plan(policy);
  }

  void run(const std::vector<Measurement>& stored) {
    if (!build_variants() || !measure_variants()) return;
    const std::string& device_name = session_.device().device.name;
    for (const auto& [variant, rows] : measured_) {
      now_[variant] = by_runtime_workload(rows);
      then_[variant] = stored_rows(stored, device_name, workload_.name, variant);
    }
    const bool several_entries = session_.entries().size() > 1;
    const bool axis_filtered = std::any_of(options_.measuring.filters.begin(), options_.measuring.filters.end(),
                                           [&](const AxisFilter& filter) { return filter.axis == axis_.name; });
    for (const auto& [r, value] : boundaries_) {
      const DispatchRange& range = dispatch_.ranges[r].range;
      const std::string label = axis_.describe(range);
      std::vector<RowKey> keys;
      for (const auto& [key, row] : now_.at("base")) {
        if (value_on(key.second, axis_.key) == value) keys.push_back(key);
      }
      if (keys.empty()) {
        // Left out by an -a filter of this axis: not checked. Otherwise the benchmark lost a value.
        if (!axis_filtered) failed(axis_.key + "=" + value, label, range.variant, "not measured");
        continue;
      }
      for (const auto& key : keys) {
        const std::string rt_label = several_entries ? key.first + ": " + key.second : key.second;
        check_boundary(key, range, label, rt_label);
      }
    }
  }

private:
  // Each range's boundary values, and the variants to build: every range's and the single policy.
  void plan(const WorkloadPolicy& policy) {
    const auto add_variant = [&](const std::string& name, const std::optional<Variant>& variant) {
      if (!variant) return;
      const bool known =
          std::any_of(variants_.begin(), variants_.end(), [&](const auto& v) { return v.first == name; });
      if (!known) variants_.emplace_back(name, *variant);
    };
    for (std::size_t r = 0; r < dispatch_.ranges.size(); ++r) {
      const DispatchRange& range = dispatch_.ranges[r].range;
      boundaries_.emplace_back(r, range.first);
      if (range.last != range.first) boundaries_.emplace_back(r, range.last);
      add_variant(range.variant, dispatch_.ranges[r].variant);
    }
    add_variant(single_, policy.variant);
    // The harness runs only the boundary values (an -a filter of the same axis, given later, wins).
    restriction_ = axis_.key + "=[";
    for (std::size_t i = 0; i < boundaries_.size(); ++i) restriction_ += (i == 0 ? "" : ",") + boundaries_[i].second;
    restriction_ += "]";
  }

  // Builds every variant; false, with a failed row for each that does not build, when one does not.
  bool build_variants() {
    const std::string title = session_.name() + (workload_.name.empty() ? "" : "[" + workload_.name + "]");
    std::vector<std::string> names;
    for (const auto& [name, variant] : variants_) names.push_back(name);
    progress_.message(fmt::format("{}: measuring base{}{} at the boundaries of {} ranges of {}", title,
                                  names.empty() ? "" : " and ", fmt::join(names, ", "), dispatch_.ranges.size(),
                                  axis_.name));
    if (!variants_.empty()) builds_ = session_.build(variants_, workload_);
    bool built = true;
    for (const auto& build : builds_) {
      if (build.status == Status::ok) continue;
      failed("", ranges_of(build.variant), build.variant, fmt::format("{}: {}", to_string(build.status), build.reason));
      built = false;
    }
    if (!built) remove_binaries();
    return built;
  }

  // Measured now: base and every built variant, at the boundaries only. False, with a failed row
  // for each, when a run produced no state at all.
  bool measure_variants() {
    BenchmarkSession::Build base = session_.base_build();
    base.selection.insert(base.selection.end(), {"--axis", restriction_});
    auto measured_base = session_.measure(base, workload_, session_.base_run_timeout(), lane_);
    measured_["base"] = std::move(measured_base.rows);
    for (auto build : builds_) {
      build.selection.insert(build.selection.end(), {"--axis", restriction_});
      measured_[build.variant] =
          session_.measure(build, workload_, session_.variant_run_timeout(measured_base.elapsed), lane_).rows;
    }
    remove_binaries();
    bool ran = true;
    for (const auto& [variant, rows] : measured_) {
      if (const Measurement* failure = whole_run_failure(rows)) {
        failed("", ranges_of(variant), variant,
               fmt::format("{}{}: {}", variant == "base" ? "base: " : "", to_string(failure->status), failure->reason));
        ran = false;
      }
    }
    return ran;
  }

  // One runtime workload at a boundary of `range`: a row comparing the range's variant with base
  // and with the single policy, or a failed one.
  void check_boundary(const RowKey& key, const DispatchRange& range, const std::string& label,
                      const std::string& rt_label) {
    const auto measurement = [&](const std::string& variant) -> const Measurement* {
      const auto found = now_.at(variant).find(key);
      return found == now_.at(variant).end() ? nullptr : found->second;
    };
    const Measurement* base_row = measurement("base");
    if (base_row->status != Status::ok) {
      failed(rt_label, label, range.variant,
             fmt::format("base: {}: {}", to_string(base_row->status), base_row->reason));
      return;
    }
    const Measurement* shipped_row = measurement(range.variant);
    const Measurement* single_row = measurement(single_);
    const auto problem_of = [](const std::string& variant, const Measurement* row) -> std::optional<std::string> {
      if (row == nullptr) return variant + ": not measured";
      if (row->status != Status::ok) return fmt::format("{}: {}: {}", variant, to_string(row->status), row->reason);
      return std::nullopt;
    };
    auto problem = problem_of(range.variant, shipped_row);
    if (!problem) problem = problem_of(single_, single_row);
    if (problem) {
      failed(rt_label, label, range.variant, *problem);
      return;
    }
    report_.rows.push_back(compared_row(key, range, label, rt_label, *base_row, *shipped_row, *single_row));
  }

  // The row of one runtime workload whose base, range variant and single policy all ran: speedups,
  // drift from the database, and the verdict.
  CheckRow compared_row(const RowKey& key, const DispatchRange& range, const std::string& label,
                        const std::string& rt_label, const Measurement& base_row, const Measurement& shipped_row,
                        const Measurement& single_row) const {
    CheckRow row;
    row.benchmark = session_.name();
    row.ct_workload = workload_.name;
    row.rt_workload = rt_label;
    row.variant = range.variant;
    row.range = label;
    row.single_variant = single_;
    row.base_seconds = base_row.statistics.median;
    row.shipped_seconds = shipped_row.statistics.median;
    row.speedup = row.base_seconds / row.shipped_seconds;
    row.allowed_slowdown = std::max(
        options_.tolerance, 3 * std::hypot(median_noise(base_row.statistics), median_noise(shipped_row.statistics)));
    const auto then_base = stored_median(then_.at("base"), key);
    const auto then_shipped = stored_median(then_.at(range.variant), key);
    if (then_base && then_shipped) {
      row.stored_speedup = *then_base / *then_shipped;
      row.drift =
          std::max(std::abs(row.base_seconds / *then_base - 1), std::abs(row.shipped_seconds / *then_shipped - 1));
    }
    if (range.variant != single_) {
      row.single_seconds = single_row.statistics.median;
      row.gain = *row.single_seconds / row.shipped_seconds;
      row.allowed_loss = std::max(options_.tolerance, 3 * std::hypot(median_noise(single_row.statistics),
                                                                     median_noise(shipped_row.statistics)));
      const auto then_single = stored_median(then_.at(single_), key);
      if (then_single && then_shipped) row.predicted_gain = *then_single / *then_shipped;
    }
    const bool gain_drifted =
        row.gain && row.predicted_gain && std::abs(*row.gain / *row.predicted_gain - 1) > options_.max_drift;
    if (row.speedup < 1 - row.allowed_slowdown) {
      row.verdict = CheckRow::Verdict::regression;
    } else if (row.gain && *row.gain < std::min(row.predicted_gain.value_or(1.0), 1.0) * (1 - row.allowed_loss)) {
      row.verdict = CheckRow::Verdict::gain_lost;
    } else if ((row.drift && *row.drift > options_.max_drift) || gain_drifted) {
      row.verdict = CheckRow::Verdict::drift;
    }
    return row;
  }

  void failed(const std::string& rt_workload, const std::string& range, const std::string& variant,
              const std::string& reason) {
    CheckRow row;
    row.benchmark = session_.name();
    row.ct_workload = workload_.name;
    row.rt_workload = rt_workload;
    row.range = range;
    row.variant = variant;
    row.single_variant = single_;
    row.verdict = CheckRow::Verdict::failed;
    row.reason = reason;
    report_.rows.push_back(row);
  }

  // The ranges `variant` serves, as the report names them; "-" for none (base, the single policy).
  std::string ranges_of(const std::string& variant) const {
    std::vector<std::string> labels;
    for (const auto& range : dispatch_.ranges) {
      if (range.range.variant == variant) labels.push_back(axis_.describe(range.range));
    }
    return labels.empty() ? std::string("-") : fmt::format("{}", fmt::join(labels, ", "));
  }

  void remove_binaries() const {
    std::error_code ignored;
    for (const auto& build : builds_) {
      if (!build.binary.empty()) std::filesystem::remove(build.binary, ignored);
    }
  }

  const CheckOptions& options_;
  BenchmarkSession& session_;
  const LaneEnvironment& lane_;  // where base and the variants run, all on one device
  RunLog& progress_;
  const CompileTimeWorkload& workload_;
  const WorkloadRanges& dispatch_;
  const DispatchAxis& axis_;
  const std::string& single_;  // the single policy the ranges replaced
  CheckReport& report_;
  std::vector<std::pair<std::size_t, std::string>> boundaries_;  // (range, value), ascending
  std::vector<std::pair<std::string, Variant>> variants_;
  std::string restriction_;  // the harness's --axis that runs the boundary values alone
  std::vector<BenchmarkSession::Build> builds_;
  std::map<std::string, std::vector<Measurement>> measured_;                // base and every built variant
  std::map<std::string, std::map<RowKey, const Measurement*>> now_, then_;  // by variant, by runtime workload
};

// Checks one benchmark source; appends what it finds to `report`.
class BenchmarkCheck {
public:
  BenchmarkCheck(const CheckOptions& options, RunLog& progress, const std::string& source)
      : options_(options), session_(options.measuring, progress, read_benchmark_source(source)), progress_(progress) {}

  void run(const std::vector<Measurement>& stored, CheckReport& report) {
    session_.prepare();
    CheckedBenchmark checked{session_.name(), "", "", false};
    const HarnessDevice& device = session_.device();
    if (!device.available) {
      checked.skipped = true;
      checked.note = "skipped: " + device.reason;
      report.benchmarks.push_back(checked);
      return;
    }
    checked.device = device.device.describe();
    // Base and the shipped policies are compared, so all of a check runs on one device.
    lane_ = lanes_of_process(options_.measuring.lanes, device.visible_devices).first();
    std::vector<Measurement> own;
    for (const auto& row : stored) {
      if (row.benchmark == session_.name() && row.source_hash == session_.source_hash()) own.push_back(row);
    }
    WinnerOptions winner_options{session_.name(), session_.source_hash(), DeviceMatch::nearest, device.device.name,
                                 options_.dispatch};
    winner_options.declared = declared_runtime_axes(session_.entries());
    const auto links = select_winners(own, session_.space(), winner_options);
    const ArchitecturePolicies* link = serving_link(links, architecture_of(device.device));
    if (link == nullptr) {
      checked.note = "nothing tuned for " + checked.device + ": it gets the library's defaults";
      report.benchmarks.push_back(checked);
      return;
    }
    std::size_t shipped = 0, dispatches = 0;
    for (const auto& workload : session_.selected_workloads()) {
      const auto policy = std::find_if(link->workloads.begin(), link->workloads.end(),
                                       [&](const WorkloadPolicy& p) { return p.ct_workload == workload.name; });
      if (policy == link->workloads.end()) continue;
      if (policy->ranges) {
        ++dispatches;
        check_dispatch(workload, *policy, own, report);
        continue;
      }
      if (!policy->variant) continue;  // base ships: nothing to compare
      ++shipped;
      check_workload(workload, *policy, own, report);
    }
    const std::string policies = fmt::format("{} tuned polic{}", shipped, shipped == 1 ? "y" : "ies");
    if (!options_.dispatch) {
      checked.note = fmt::format("{} checked ({})", policies, link->device_note);
    } else {
      checked.note = fmt::format("{} and {} dispatch{} checked ({})", policies, dispatches, dispatches == 1 ? "" : "es",
                                 link->device_note);
      if (!options_.dispatch->axis.empty() && !has_runtime_axis(options_.dispatch->axis)) {
        checked.note +=
            fmt::format("; --dispatch {}: no runtime axis of this benchmark has that name", options_.dispatch->axis);
      }
    }
    report.benchmarks.push_back(checked);
  }

private:
  bool has_runtime_axis(const std::string& name) const {
    return std::any_of(session_.entries().begin(), session_.entries().end(), [&](const HarnessEntry& entry) {
      return std::any_of(entry.axes.begin(), entry.axes.end(),
                         [&](const HarnessAxis& axis) { return !axis.compile_time() && axis.name == name; });
    });
  }

  void check_workload(const CompileTimeWorkload& workload, const WorkloadPolicy& policy,
                      const std::vector<Measurement>& stored, CheckReport& report) {
    const auto row_for = [&](const std::string& rt_workload) {
      CheckRow row;
      row.benchmark = session_.name();
      row.ct_workload = workload.name;
      row.rt_workload = rt_workload;
      row.variant = policy.variant_name;
      return row;
    };
    const auto failed = [&](const std::string& rt_workload, const std::string& reason) {
      CheckRow row = row_for(rt_workload);
      row.verdict = CheckRow::Verdict::failed;
      row.reason = reason;
      report.rows.push_back(row);
    };
    const std::string title = session_.name() + (workload.name.empty() ? "" : "[" + workload.name + "]");
    progress_.message(fmt::format("{}: measuring base and {}", title, policy.variant_name));
    const auto builds = session_.build({{policy.variant_name, *policy.variant}}, workload);
    const auto& build = builds.front();
    if (build.status != Status::ok) {
      failed("", fmt::format("{}: {}", to_string(build.status), build.reason));
      return;
    }
    const auto measured_base = session_.measure(session_.base_build(), workload, session_.base_run_timeout(), lane_);
    const auto& base_rows = measured_base.rows;
    const auto shipped_rows =
        session_.measure(build, workload, session_.variant_run_timeout(measured_base.elapsed), lane_).rows;
    std::error_code ignored;
    std::filesystem::remove(build.binary, ignored);

    // The database's medians of this very device, for drift.
    const std::string& device_name = session_.device().device.name;
    const auto stored_base = stored_rows(stored, device_name, workload.name, "base");
    const auto stored_shipped = stored_rows(stored, device_name, workload.name, policy.variant_name);
    const bool several_entries = session_.entries().size() > 1;
    const auto shipped = by_runtime_workload(shipped_rows);
    for (const auto& [key, base] : by_runtime_workload(base_rows)) {
      const std::string label = several_entries ? key.first + ": " + key.second : key.second;
      if (base->status != Status::ok) {
        failed(label, fmt::format("base: {}: {}", to_string(base->status), base->reason));
        continue;
      }
      const auto found = shipped.find(key);
      const Measurement* now = found != shipped.end() ? found->second : nullptr;
      if (now == nullptr && shipped_rows.size() == 1 && shipped_rows.front().rt_workload.empty())
        now = &shipped_rows.front();
      if (now == nullptr || now->status != Status::ok) {
        failed(label, now == nullptr ? "not measured" : fmt::format("{}: {}", to_string(now->status), now->reason));
        continue;
      }
      CheckRow row = row_for(label);
      row.base_seconds = base->statistics.median;
      row.shipped_seconds = now->statistics.median;
      row.speedup = row.base_seconds / row.shipped_seconds;
      const double noise = std::hypot(median_noise(base->statistics), median_noise(now->statistics));
      row.allowed_slowdown = std::max(options_.tolerance, 3 * noise);
      const auto old_base = stored_base.find(key);
      const auto old_shipped = stored_shipped.find(key);
      if (old_base != stored_base.end() && old_shipped != stored_shipped.end()) {
        const double then_base = old_base->second->statistics.median;
        const double then_shipped = old_shipped->second->statistics.median;
        row.stored_speedup = then_base / then_shipped;
        row.drift =
            std::max(std::abs(row.base_seconds / then_base - 1), std::abs(row.shipped_seconds / then_shipped - 1));
      }
      if (row.speedup < 1 - row.allowed_slowdown) {
        row.verdict = CheckRow::Verdict::regression;
      } else if (row.drift && *row.drift > options_.max_drift) {
        row.verdict = CheckRow::Verdict::drift;
      }
      report.rows.push_back(row);
    }
  }

  void check_dispatch(const CompileTimeWorkload& workload, const WorkloadPolicy& policy,
                      const std::vector<Measurement>& stored, CheckReport& report) {
    DispatchCheck(options_, session_, lane_, progress_, workload, policy, report).run(stored);
  }

  const CheckOptions& options_;
  BenchmarkSession session_;
  RunLog& progress_;
  LaneEnvironment lane_;  // the first measurement lane's
};

}  // namespace

std::string human_time(double seconds) {
  if (seconds >= 1) return fmt::format("{:.3f} s", seconds);
  if (seconds >= 1e-3) return fmt::format("{:.3f} ms", seconds * 1e3);
  return fmt::format("{:.3f} us", seconds * 1e6);
}

std::string describe_verdict(const CheckRow& row) {
  std::string verdict(to_string(row.verdict));
  if (row.verdict == CheckRow::Verdict::regression) {
    verdict += fmt::format(" (slower than base by more than {:.1f}%)", 100 * row.allowed_slowdown);
  } else if (row.verdict == CheckRow::Verdict::gain_lost) {
    verdict +=
        fmt::format(" (gain below {:.3f})", std::min(row.predicted_gain.value_or(1.0), 1.0) * (1 - row.allowed_loss));
  } else if (row.verdict == CheckRow::Verdict::failed) {
    verdict += ": " + row.reason;
  }
  return verdict;
}

std::string_view to_string(CheckRow::Verdict verdict) noexcept {
  switch (verdict) {
    case CheckRow::Verdict::ok:
      return "ok";
    case CheckRow::Verdict::regression:
      return "REGRESSION";
    case CheckRow::Verdict::gain_lost:
      return "GAIN LOST";
    case CheckRow::Verdict::drift:
      return "DRIFT";
    case CheckRow::Verdict::failed:
      return "FAILED";
  }
  return "?";
}

bool CheckReport::passed() const {
  return std::all_of(rows.begin(), rows.end(),
                     [](const CheckRow& row) { return row.verdict == CheckRow::Verdict::ok; });
}

bool CheckReport::all_skipped() const {
  return !benchmarks.empty() &&
         std::all_of(benchmarks.begin(), benchmarks.end(), [](const CheckedBenchmark& b) { return b.skipped; });
}

CheckReport run_check(const CheckOptions& options, RunLog& progress) {
  // A database that is not there is refused (read_only requires it): read as empty it would ship
  // nothing to check, and a typo in --db would pass every check.
  const std::vector<Measurement> stored =
      ResultsDatabase(options.database, ResultsDatabase::Mode::read_only).measurements();
  CheckReport report;
  for (const auto& source : options.sources) {
    BenchmarkCheck(options, progress, source).run(stored, report);
  }
  return report;
}

std::string format_check_report(const CheckReport& report) {
  std::string out;
  if (!report.rows.empty()) {
    const bool ranges =
        std::any_of(report.rows.begin(), report.rows.end(), [](const CheckRow& row) { return !row.range.empty(); });
    const auto optional_ratio = [](const std::optional<double>& value) {
      return value ? fmt::format("{:.3f}", *value) : std::string("-");
    };
    // The columns of a dispatch, inserted after `runtime workload` and before `verdict`.
    const auto with_ranges = [&](std::vector<std::string> line, const std::string& range,
                                 std::vector<std::string> single) {
      if (!ranges) return line;
      line.insert(line.begin() + 3, range.empty() ? "-" : range);
      line.insert(line.end() - 1, single.begin(), single.end());
      return line;
    };
    const std::vector<std::string> header =
        with_ranges({"benchmark", "compile-time workload", "runtime workload", "shipped", "base", "shipped time",
                     "speedup", "stored", "drift", "verdict"},
                    "range", {"single", "single time", "gain", "predicted"});
    std::vector<std::vector<std::string>> table{header};
    for (const auto& row : report.rows) {
      const std::string single = row.single_variant.empty() ? "-" : row.single_variant;
      if (row.verdict == CheckRow::Verdict::failed) {
        table.push_back(with_ranges({row.benchmark, row.ct_workload, row.rt_workload, row.variant, "", "", "", "", "",
                                     std::string(to_string(row.verdict)) + ": " + row.reason},
                                    row.range, {single, "", "", ""}));
        continue;
      }
      const std::string verdict = describe_verdict(row);
      table.push_back(with_ranges(
          {row.benchmark, row.ct_workload, row.rt_workload, row.variant, human_time(row.base_seconds),
           human_time(row.shipped_seconds), fmt::format("{:.3f}", row.speedup), optional_ratio(row.stored_speedup),
           row.drift ? fmt::format("{:.1f}%", 100 * *row.drift) : "-", verdict},
          row.range,
          {single, row.single_seconds ? human_time(*row.single_seconds) : "-", optional_ratio(row.gain),
           optional_ratio(row.predicted_gain)}));
    }
    // A failure's reason and the names are the benchmark's words: one printable line per cell.
    for (auto& line : table) {
      for (auto& cell : line) cell = one_line_text(cell);
    }
    std::vector<std::size_t> widths(header.size(), 0);
    for (const auto& line : table) {
      for (std::size_t i = 0; i < line.size(); ++i) widths[i] = std::max(widths[i], line[i].size());
    }
    for (const auto& line : table) {
      std::string text;
      for (std::size_t i = 0; i < line.size(); ++i) {
        text += i + 1 == line.size() ? line[i] : fmt::format("{:<{}}  ", line[i], widths[i]);
      }
      out += text + "\n";
    }
  }
  for (const auto& benchmark : report.benchmarks) {
    out += fmt::format("{}: {}\n", benchmark.benchmark, one_line_text(benchmark.note));
  }
  return out;
}

}  // namespace policytune
