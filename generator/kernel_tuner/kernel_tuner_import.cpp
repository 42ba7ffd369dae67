#include "kernel_tuner/kernel_tuner_import.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <unordered_map>

#include "core/benchmark_name.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "kernel_tuner/kernel_tuner_cache.hpp"
#include "space/search_space.hpp"

namespace policytune {
namespace {

using json = KernelTunerCache::Json;

// A value as it appears in a variant name: '.' separates parameters, so 0.5 is written 0p5.
std::string name_value(const json& value) {
  std::string text = value.is_string() ? value.get<std::string>() : value.dump();
  for (char& c : text) {
    if (c == '.') c = 'p';
    if (c == '-' || c == '_' || std::isalnum(static_cast<unsigned char>(c))) continue;
    c = '_';
  }
  return text;
}

Status failure_status(const std::string& time) {
  if (time == "CompilationFailedConfig") return Status::build_failed;
  if (time == "InvalidConfig") return Status::skipped;
  return Status::run_failed;
}

// Kernel Tuner's problem_size as a value of a workload name ("4096x4096"); empty without one.
std::string problem_of(const json& document) {
  std::string problem;
  if (document.contains("problem_size")) {
    const json& size = document["problem_size"];
    if (size.is_array()) {
      for (const auto& extent : size) problem += (problem.empty() ? "" : "x") + name_value(extent);
    } else {
      problem = name_value(size);
    }
  }
  return problem;
}

// The statistics of a configuration that ran: of its `times`, in seconds, or of its `time` alone.
SampleStatistics statistics_of(const KernelTunerCache& file, const std::string& path, const std::string& key,
                               const json& entry, double milliseconds) {
  const auto line = [&] { return file.line_of_entry(key); };  // only on error: it scans the text
  std::vector<double> samples;
  if (entry.contains("times") && entry["times"].is_array()) {
    for (const auto& sample : entry["times"]) {
      if (!sample.is_number())
        throw UserError(path, line(), "cache entry '" + key + "' has a non-numeric sample in 'times'");
      if (!std::isfinite(sample.get<double>()) || sample.get<double>() <= 0) {
        throw UserError(path, line(),
                        "cache entry '" + key + "' has a non-positive sample in 'times': " + sample.dump());
      }
      samples.push_back(sample.get<double>() / 1000.0);  // Kernel Tuner times are milliseconds
    }
  }
  if (samples.empty()) samples.push_back(milliseconds / 1000.0);
  SampleStatistics statistics = summarize(samples);
  // Kernel Tuner's `time` is the mean of `times`; keep its figure for the mean.
  statistics.mean = milliseconds / 1000.0;
  return statistics;
}

// `row` (what every configuration of the file shares) completed with one cache entry: the variant
// its parameter values name, and its time or its failure.
Measurement measurement_of(const KernelTunerCache& file, const std::string& path, const std::string& key,
                           const json& entry, Measurement row) {
  for (const auto& parameter : file.parameters) {
    row.variant += (row.variant.empty() ? "" : ".") + parameter + "_" + name_value(entry[parameter]);
  }
  const KernelTunerTime time = entry_time(file, key, entry);
  if (!time.milliseconds) {
    row.status = failure_status(time.failure);
    row.reason = time.failure;
  } else {
    row.statistics = statistics_of(file, path, key, entry, *time.milliseconds);
  }
  return row;
}

}  // namespace

KernelTunerImport import_kernel_tuner(const std::string& path, const std::optional<std::string>& base_key) {
  const KernelTunerCache file = read_kernel_tuner_cache(path);
  const json& document = file.document;
  const std::vector<std::string>& parameters = file.parameters;
  if (!document.contains("kernel_name") || !document["kernel_name"].is_string()) {
    throw UserError(path, file.line_of_key("kernel_name"), "Kernel Tuner cache needs 'kernel_name' (a string)");
  }

  const std::string kernel = document["kernel_name"].get<std::string>();
  if (!is_identifier(kernel))
    throw UserError(path, file.line_of_key("kernel_name"), "kernel_name '" + kernel + "' is not an identifier");
  DeviceIdentity device;
  device.name = document.value("device_name", json("")).is_string() ? document.value("device_name", "") : "";
  if (device.name.empty()) device.name = "unnamed device";
  const std::string problem = problem_of(document);

  KernelTunerImport result;
  const std::string source_hash = content_hash(file.text);
  std::optional<std::size_t> base_index;
  // What every configuration's row shares.
  Measurement common;
  common.algorithm = kernel;
  common.benchmark = "kernel_tuner." + kernel;
  common.device = device;
  common.toolkit = "Kernel Tuner";
  common.source_hash = source_hash;
  common.rt_workload = problem.empty() ? "" : "problem_size=" + problem;
  common.recorded_at = utc_timestamp();
  // The key of the entry that has a configuration, or a variant name: pointers into `file`.
  std::map<std::vector<std::size_t>, const std::string*> configurations;
  std::unordered_map<std::string, const std::string*> variants;
  result.measurements.reserve(file.entries.size() + 1);
  // The file's order: the default base is the first that succeeded.
  for (const auto& [key_in_file, entry] : file.entries) {
    const std::string& key = key_in_file;                       // a variable, which lambdas can capture
    const auto line = [&] { return file.line_of_entry(key); };  // only on error: it scans the text
    Measurement row = common;
    // Each entry must be the configuration its key says, listed once, under a variant name of its
    // own: a second row of one key would replace the first in the database, unseen.
    const std::vector<std::size_t> configuration = entry_configuration(file, key, entry);
    if (const auto [first, inserted] = configurations.try_emplace(configuration, &key); !inserted) {
      throw UserError(path, line(),
                      "cache entry '" + key + "' is the configuration of entry '" + *first->second + "' again");
    }
    Measurement m = measurement_of(file, path, key, entry, std::move(row));
    if (const auto [first, inserted] = variants.try_emplace(m.variant, &key); !inserted) {
      throw UserError(path, line(),
                      "cache entries '" + *first->second + "' and '" + key + "' both become variant '" + m.variant +
                          "' (a variant name keeps letters, digits, '-' and '_' of each value)");
    }
    const bool chosen = base_key ? key == *base_key : !base_index && m.status == Status::ok;
    if (chosen) {
      if (m.status != Status::ok) throw UserError(path, line(), "base configuration '" + key + "' failed: " + m.reason);
      base_index = result.measurements.size();
      result.base_configuration = key;
    }
    result.measurements.push_back(std::move(m));
  }
  if (!base_index) {
    if (base_key) throw UserError(path, 0, "no configuration '" + *base_key + "' in the cache");
    throw UserError(path, 0, "the cache holds no successful configuration to compare against");
  }
  Measurement base = result.measurements[*base_index];
  base.variant = "base";
  result.measurements.push_back(std::move(base));

  result.space.benchmark = "kernel_tuner." + kernel;
  result.space.source_hash = source_hash;
  result.space.algorithm = kernel;
  result.space.size = std::to_string(file.entries.size());
  for (const auto& parameter : parameters) result.space.ranges += parameter + "\n";
  return result;
}

}  // namespace policytune
