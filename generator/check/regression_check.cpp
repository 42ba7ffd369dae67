#include "check/regression_check.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <optional>

#include "check/check_rows.hpp"
#include "check/dispatch_check.hpp"
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
    WinnerOptions winner_options{session_.name(), session_.source_hash(), DeviceMatch::nearest,
                                 shipped_from(own, device.device), options_.dispatch};
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
  // The device whose winners ship on `here`'s architecture: the first preferred device that measured
  // it (as `generate --prefer` renders), else `here` itself (else, by nearest match, another).
  std::string shipped_from(const std::vector<Measurement>& own, const DeviceIdentity& here) const {
    const std::string architecture = architecture_of(here);
    for (const auto& name : options_.preferred_devices) {
      const bool measured = std::any_of(own.begin(), own.end(), [&](const Measurement& row) {
        return row.device.name == name && architecture_of(row.device) == architecture;
      });
      if (measured) return name;
    }
    return here.name;
  }

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
    policytune::check_dispatch(options_, session_, lane_, progress_, workload, policy, stored, report);
  }

  const CheckOptions& options_;
  BenchmarkSession session_;
  RunLog& progress_;
  LaneEnvironment lane_;  // the first measurement lane's
};

}  // namespace

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

}  // namespace policytune
