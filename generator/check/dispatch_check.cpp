#include "check/dispatch_check.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <optional>

#include "check/check_rows.hpp"
#include "core/workload.hpp"

namespace policytune {
namespace {

using Seconds = BenchmarkSession::Seconds;

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

}  // namespace

void check_dispatch(const CheckOptions& options, BenchmarkSession& session, const LaneEnvironment& lane,
                    RunLog& progress, const CompileTimeWorkload& workload, const WorkloadPolicy& policy,
                    const std::vector<Measurement>& stored, CheckReport& report) {
  DispatchCheck(options, session, lane, progress, workload, policy, report).run(stored);
}

}  // namespace policytune
