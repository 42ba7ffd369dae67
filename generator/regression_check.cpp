#include "regression_check.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <map>

#include "benchmark_session.hpp"
#include "results_database.hpp"
#include "winners.hpp"

namespace policytune {
namespace {

using Seconds = BenchmarkSession::Seconds;
using RowKey = std::pair<std::string, std::string>;  // (entry, runtime workload)

// The link of the shipped chain that serves `architecture`: the highest measured architecture at
// or below it (as cub::ChainedPolicy picks), or the host's own.
const ArchitecturePolicies* serving_link(const std::vector<ArchitecturePolicies>& links, const std::string& architecture) {
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

std::string human_time(double seconds) {
  if (seconds >= 1) return fmt::format("{:.3f} s", seconds);
  if (seconds >= 1e-3) return fmt::format("{:.3f} ms", seconds * 1e3);
  return fmt::format("{:.3f} us", seconds * 1e6);
}

// Checks one benchmark source; appends what it finds to `report`.
class BenchmarkCheck {
public:
  BenchmarkCheck(const CheckOptions& options, SearchProgress& progress, const std::string& source)
      : options_(options), session_(options.measuring, progress, source), progress_(progress) {}

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
    std::vector<Measurement> own;
    for (const auto& row : stored) {
      if (row.benchmark == session_.name() && row.source_hash == session_.source_hash()) own.push_back(row);
    }
    const WinnerOptions winner_options{session_.name(), session_.source_hash(), DeviceMatch::nearest, device.device.name,
                                       std::nullopt};
    const auto links = select_winners(own, session_.space(), winner_options);
    const ArchitecturePolicies* link = serving_link(links, architecture_of(device.device));
    if (link == nullptr) {
      checked.note = "nothing tuned for " + checked.device + ": it gets the library's defaults";
      report.benchmarks.push_back(checked);
      return;
    }
    std::size_t shipped = 0;
    for (const auto& workload : session_.selected_workloads()) {
      const auto policy = std::find_if(link->workloads.begin(), link->workloads.end(),
                                       [&](const WorkloadPolicy& p) { return p.ct_workload == workload.name; });
      if (policy == link->workloads.end() || !policy->variant) continue;  // base ships: nothing to compare
      ++shipped;
      check_workload(workload, *policy, own, report);
    }
    checked.note = fmt::format("{} tuned polic{} checked ({})", shipped, shipped == 1 ? "y" : "ies", link->device_note);
    report.benchmarks.push_back(checked);
  }

private:
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
    Seconds base_time{0};
    const auto base_rows = session_.measure(session_.base_build(), workload, session_.base_run_timeout(), &base_time);
    const auto shipped_rows = session_.measure(build, workload, session_.variant_run_timeout(base_time));
    std::error_code ignored;
    std::filesystem::remove(build.binary, ignored);

    // The database's medians of this very device, for drift.
    std::map<RowKey, const Measurement*> stored_base, stored_shipped;
    const std::string& device_name = session_.device().device.name;
    for (const auto& row : stored) {
      if (row.device.name != device_name || row.ct_workload != workload.name || row.status != Status::ok) continue;
      if (row.variant == "base") stored_base[{row.entry, row.rt_workload}] = &row;
      if (row.variant == policy.variant_name) stored_shipped[{row.entry, row.rt_workload}] = &row;
    }
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
      if (now == nullptr && shipped_rows.size() == 1 && shipped_rows.front().rt_workload.empty()) now = &shipped_rows.front();
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
        row.drift = std::max(std::abs(row.base_seconds / then_base - 1), std::abs(row.shipped_seconds / then_shipped - 1));
      }
      if (row.speedup < 1 - row.allowed_slowdown) {
        row.verdict = CheckRow::Verdict::regression;
      } else if (row.drift && *row.drift > options_.max_drift) {
        row.verdict = CheckRow::Verdict::drift;
      }
      report.rows.push_back(row);
    }
  }

  const CheckOptions& options_;
  BenchmarkSession session_;
  SearchProgress& progress_;
};

}  // namespace

std::string_view to_string(CheckRow::Verdict verdict) noexcept {
  switch (verdict) {
    case CheckRow::Verdict::ok: return "ok";
    case CheckRow::Verdict::regression: return "REGRESSION";
    case CheckRow::Verdict::drift: return "DRIFT";
    case CheckRow::Verdict::failed: return "FAILED";
  }
  return "?";
}

bool CheckReport::passed() const {
  return std::all_of(rows.begin(), rows.end(), [](const CheckRow& row) { return row.verdict == CheckRow::Verdict::ok; });
}

bool CheckReport::all_skipped() const {
  return !benchmarks.empty() &&
         std::all_of(benchmarks.begin(), benchmarks.end(), [](const CheckedBenchmark& b) { return b.skipped; });
}

CheckReport run_check(const CheckOptions& options, SearchProgress& progress) {
  std::vector<Measurement> stored;
  if (std::filesystem::exists(options.measuring.database)) {
    ResultsDatabase database(options.measuring.database, ResultsDatabase::Mode::must_exist);
    stored = database.measurements();
  }
  CheckReport report;
  for (const auto& source : options.measuring.sources) {
    BenchmarkCheck(options, progress, source).run(stored, report);
  }
  return report;
}

std::string format_check_report(const CheckReport& report) {
  std::string out;
  if (!report.rows.empty()) {
    const std::vector<std::string> header{"benchmark", "compile-time workload", "runtime workload", "shipped", "base",
                                          "shipped time", "speedup", "stored", "drift", "verdict"};
    std::vector<std::vector<std::string>> table{header};
    for (const auto& row : report.rows) {
      if (row.verdict == CheckRow::Verdict::failed) {
        table.push_back({row.benchmark, row.ct_workload, row.rt_workload, row.variant, "", "", "", "", "",
                         std::string(to_string(row.verdict)) + ": " + row.reason});
        continue;
      }
      std::string verdict(to_string(row.verdict));
      if (row.verdict == CheckRow::Verdict::regression) {
        verdict += fmt::format(" (slower than base by more than {:.1f}%)", 100 * row.allowed_slowdown);
      }
      table.push_back({row.benchmark, row.ct_workload, row.rt_workload, row.variant, human_time(row.base_seconds),
                       human_time(row.shipped_seconds), fmt::format("{:.3f}", row.speedup),
                       row.stored_speedup ? fmt::format("{:.3f}", *row.stored_speedup) : "-",
                       row.drift ? fmt::format("{:.1f}%", 100 * *row.drift) : "-", verdict});
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
    out += fmt::format("{}: {}\n", benchmark.benchmark, benchmark.note);
  }
  return out;
}

}  // namespace policytune
