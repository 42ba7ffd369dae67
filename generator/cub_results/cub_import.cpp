#include "cub_results/cub_import.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>
#include <stdexcept>

#include "core/benchmark_name.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "cub_results/cub_sample_blob.hpp"
#include "space/benchmark_source.hpp"

namespace policytune {
namespace {

constexpr const char* kCubPrefix = "cub.bench.";
constexpr std::int64_t kCubTimeLimitCode = 42;  // bench.py's code for a run it stopped at its time limit

// The benchmark file given for a benchmark, read once.
struct GivenSource {
  std::string path;
  std::string hash;
  SearchSpace space;
};

DeviceIdentity device_of(const std::string& gpu, const CubImportOptions& options, const std::string& path,
                         const std::string& where) {
  static const std::regex pattern(R"(^(.+) \((\d{1,9}), (\d{1,9}), (eccon|eccoff)\)$)");
  std::smatch match;
  if (!std::regex_match(gpu, match, pattern)) {
    throw UserError(path, 0,
                    fmt::format("{}: gpu '{}' is not CUB's 'NAME (BUS WIDTH, SMS, eccon|eccoff)'", where, gpu));
  }
  DeviceIdentity device;
  device.name = match[1];
  device.memory_bus_width = std::stoll(match[2]);
  device.sm_count = std::stoll(match[3]);
  device.ecc = match[4] == "eccon";
  auto capability = options.compute_capabilities.find(device.name);
  if (capability == options.compute_capabilities.end()) capability = options.compute_capabilities.find("");
  if (capability == options.compute_capabilities.end()) {
    throw UserError(path, 0,
                    fmt::format("GPU '{}' needs its compute capability, which CUB's scripts do not record: "
                                "--compute-capability '{}=X.Y' (or X.Y for every GPU)",
                                device.name, device.name));
  }
  device.compute_capability = capability->second;
  return device;
}

SampleStatistics statistics_of(const CubStateRow& row, const std::string& path, const std::string& where) {
  if (row.samples.empty()) {
    if (!row.center) throw UserError(path, 0, where + ": neither samples nor a center");
    if (!std::isfinite(*row.center) || *row.center <= 0) {
      throw UserError(path, 0, fmt::format("{}: center {} is not a time in seconds", where, *row.center));
    }
    return {1, *row.center, *row.center, 0, *row.center, *row.center};
  }
  try {
    return summarize(decode_cub_samples(row.samples));
  } catch (const std::runtime_error& error) {
    throw UserError(path, 0, fmt::format("{}: {}", where, error.what()));
  }
}

std::map<std::string, GivenSource> read_sources(const std::vector<std::string>& paths) {
  std::map<std::string, GivenSource> sources;
  for (const auto& path : paths) {
    BenchmarkSource source = read_benchmark_source(path);
    sources.emplace(benchmark_name_from_path(path),
                    GivenSource{path, content_hash(source.text), std::move(source.space)});
  }
  return sources;
}

// The compile-time and runtime workloads of one state: `{ct}` axes and the others.
std::pair<Workload, Workload> split_axes(const Workload& axes) {
  std::pair<Workload, Workload> split;
  for (const auto& axis : axes)
    (axis.axis.find("{ct}") != std::string::npos ? split.first : split.second).push_back(axis);
  return split;
}

// A failed build or run of `variant`: the algorithm it belongs to, and the row it becomes.
struct Failure {
  std::string algorithm;
  std::string variant;
  std::string ctk, cccl;
  Status status;
  std::string reason;
};

std::vector<Failure> failures_of(const CubBenchDatabase& database) {
  std::set<std::string> algorithms;
  for (const auto& entry : database.entries) algorithms.insert(entry.algorithm);
  std::vector<Failure> failures;
  const auto add = [&](const CubProcessRecord& record, Status status, std::string reason) {
    const std::string* owner = nullptr;  // the longest algorithm the label starts with: `reduce.sum`, not `reduce`
    for (const auto& algorithm : algorithms) {
      if (record.bench.rfind(algorithm + ".", 0) == 0 && (!owner || algorithm.size() > owner->size())) {
        owner = &algorithm;
      }
    }
    if (owner == nullptr) return;
    failures.push_back(
        {*owner, record.bench.substr(owner->size() + 1), record.ctk, record.cccl, status, std::move(reason)});
  };
  for (const auto& build : database.builds) {
    if (build.code != 0) add(build, Status::build_failed, fmt::format("CUB's build exited with code {}", build.code));
  }
  for (const auto& run : database.runs) {
    if (run.code == kCubTimeLimitCode) {
      add(run, Status::run_timeout, "CUB's search stopped it at its time limit (50x base's run)");
    } else if (run.code != 0) {
      add(run, Status::run_failed, fmt::format("CUB's run exited with code {}", run.code));
    }
  }
  return failures;
}

// `CCCL <release>` where the release was given, else `CCCL <the revision CUB recorded>`.
std::string library_of(const std::string& revision, const CubImportOptions& options) {
  return "CCCL " + (options.cccl_release.empty() ? revision : options.cccl_release);
}

}  // namespace

std::string benchmark_of_cub_algorithm(const std::string& algorithm) {
  return algorithm.rfind(kCubPrefix, 0) == 0 ? algorithm.substr(std::string(kCubPrefix).size()) : algorithm;
}

CubImport import_cub(const CubBenchDatabase& database, const CubImportOptions& options) {
  const std::string& path = database.path;
  const auto sources = read_sources(options.sources);
  const std::string recorded_at = utc_timestamp();
  CubImport result;
  std::map<std::string, std::size_t> rows_per_benchmark;
  // What each measured variant's failure row must copy: one row per entry, workload and GPU.
  std::map<std::string, std::vector<Measurement>> failure_templates;  // algorithm -> template rows
  std::set<std::string> measured;                                     // algorithm|ctk|cccl|variant
  for (const auto& entry : database.entries) {
    const std::string benchmark = benchmark_of_cub_algorithm(entry.algorithm);
    const auto source = sources.find(benchmark);
    for (const auto& state : entry.rows) {
      const std::string where = fmt::format("table \"{}.{}\", row {}", entry.algorithm, entry.entry, state.row_id);
      if (source != sources.end() && state.variant != "base" && !source->second.space.parse_name(state.variant)) {
        throw UserError(
            path, 0,
            fmt::format("{}: variant '{}' is not in the space of {}", where, state.variant, source->second.path));
      }
      Measurement row;
      row.algorithm = algorithm_of(benchmark);
      row.benchmark = benchmark;
      row.device = device_of(state.gpu, options, path, where);
      row.toolkit = "CUDA " + state.ctk;
      row.library = library_of(state.cccl, options);
      row.source_hash = source != sources.end() ? source->second.hash : "cub:" + state.cccl;
      const auto [ct, rt] = split_axes(state.axes);
      row.ct_workload = format_workload(ct);
      row.rt_workload = format_workload(rt);
      row.variant = state.variant;
      row.entry = entry.entry;
      row.recorded_at = recorded_at;
      row.statistics = statistics_of(state, path, where);
      measured.insert(entry.algorithm + "|" + state.ctk + "|" + state.cccl + "|" + state.variant);
      Measurement blank = row;
      blank.variant.clear();
      blank.rt_workload.clear();
      blank.statistics = {};
      auto& templates = failure_templates[entry.algorithm];
      const auto same = [&](const Measurement& t) {
        return t.device == blank.device && t.toolkit == blank.toolkit && t.library == blank.library &&
               t.ct_workload == blank.ct_workload && t.entry == blank.entry;
      };
      if (std::none_of(templates.begin(), templates.end(), same)) templates.push_back(blank);
      result.measurements.push_back(std::move(row));
      ++rows_per_benchmark[benchmark];
    }
  }
  std::map<std::string, std::size_t> failed_per_benchmark;
  for (const auto& failure : failures_of(database)) {
    // A variant with states ran well at some point; one already failed once (search.py records a
    // run per compile-time workload) is failed already.
    if (!measured.insert(failure.algorithm + "|" + failure.ctk + "|" + failure.cccl + "|" + failure.variant).second) {
      continue;
    }
    for (const auto& blank : failure_templates[failure.algorithm]) {
      if (blank.toolkit != "CUDA " + failure.ctk || blank.library != library_of(failure.cccl, options)) continue;
      Measurement row = blank;
      row.variant = failure.variant;
      row.status = failure.status;
      row.reason = failure.reason;
      result.measurements.push_back(std::move(row));
      ++failed_per_benchmark[blank.benchmark];
    }
  }
  for (const auto& [benchmark, source] : sources) {
    if (rows_per_benchmark.count(benchmark) == 0) continue;  // another file's (import_cub_files checks)
    result.spaces.push_back({benchmark, source.hash, algorithm_of(benchmark), source.space.size().to_string(),
                             range_lines(source.space), ""});
  }
  for (const auto& [benchmark, rows] : rows_per_benchmark) {
    result.summary.push_back(fmt::format("{}: {} states and {} failed rows of {}{}", path, rows,
                                         failed_per_benchmark[benchmark], benchmark,
                                         sources.count(benchmark) ? "" : " (no source given: source hash cub:<cccl>)"));
  }
  return result;
}

}  // namespace policytune
