#include "kernel_tuner_import.hpp"

#include <nlohmann/json.hpp>

#include "benchmark_name.hpp"
#include "search_space.hpp"
#include "text_input.hpp"
#include "user_error.hpp"

namespace policytune {
namespace {

// Ordered: the file's first successful configuration is the default base, so order matters.
using json = nlohmann::ordered_json;

constexpr double kOldFailureTime = 1e20;  // older Kernel Tuner files mark failures with this

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

// Where a key starts in the text, for messages (JSON values carry no lines). Cache keys are
// looked for after "cache", since their text (a parameter value) may also appear before it.
std::size_t line_of_key(const std::string& text, const std::string& key, std::size_t from = 0) {
  const std::size_t at = text.find("\"" + key + "\"", from);
  return at == std::string::npos ? 0 : line_of_offset(text, at);
}

Status failure_status(const std::string& time) {
  if (time == "CompilationFailedConfig") return Status::build_failed;
  if (time == "InvalidConfig") return Status::skipped;
  return Status::run_failed;
}

}  // namespace

KernelTunerImport import_kernel_tuner(const std::string& path, const std::optional<std::string>& base_key) {
  const std::string text = read_text_file(path);
  json document;
  try {
    document = json::parse(text);
  } catch (const json::parse_error& error) {
    throw UserError(path, line_of_offset(text, error.byte == 0 ? 0 : error.byte - 1),
                    "not valid JSON: " + std::string(error.what()));
  }
  const auto require = [&](const json& object, const char* key, json::value_t type, const char* what) -> const json& {
    if (!object.is_object() || !object.contains(key) || object.at(key).type() != type) {
      throw UserError(path, line_of_key(text, key), std::string("Kernel Tuner cache needs '") + key + "' (" + what + ")");
    }
    return object.at(key);
  };
  const auto& keys = require(document, "tune_params_keys", json::value_t::array, "a list of parameter names");
  const auto& cache = require(document, "cache", json::value_t::object, "an object of configurations");
  if (!document.contains("kernel_name") || !document["kernel_name"].is_string()) {
    throw UserError(path, line_of_key(text, "kernel_name"), "Kernel Tuner cache needs 'kernel_name' (a string)");
  }
  std::vector<std::string> parameters;
  for (const auto& key : keys) {
    if (!key.is_string() || !is_identifier(key.get<std::string>())) {
      throw UserError(path, line_of_key(text, "tune_params_keys"),
                      "tune_params_keys holds '" + key.dump() + "', which is not a parameter name");
    }
    parameters.push_back(key.get<std::string>());
  }

  const std::string kernel = document["kernel_name"].get<std::string>();
  if (!is_identifier(kernel)) throw UserError(path, line_of_key(text, "kernel_name"), "kernel_name '" + kernel + "' is not an identifier");
  DeviceIdentity device;
  device.name = document.value("device_name", json("")).is_string() ? document.value("device_name", "") : "";
  if (device.name.empty()) device.name = "unnamed device";
  std::string problem;
  if (document.contains("problem_size")) {
    const json& size = document["problem_size"];
    if (size.is_array()) {
      for (const auto& extent : size) problem += (problem.empty() ? "" : "x") + name_value(extent);
    } else {
      problem = name_value(size);
    }
  }

  KernelTunerImport result;
  const std::string source_hash = content_hash(text);
  const std::string recorded_at = utc_timestamp();
  std::optional<std::size_t> base_index;
  for (const auto& [key, entry] : cache.items()) {
    const auto line = [&] { return line_of_key(text, key, text.find("\"cache\"")); };  // only on error: it scans the text
    if (!entry.is_object()) throw UserError(path, line(), "cache entry '" + key + "' is not an object");
    Measurement m;
    m.algorithm = kernel;
    m.benchmark = "kernel_tuner." + kernel;
    m.device = device;
    m.toolkit = "Kernel Tuner";
    m.source_hash = source_hash;
    m.rt_workload = problem.empty() ? "" : "problem_size=" + problem;
    m.recorded_at = recorded_at;
    for (const auto& parameter : parameters) {
      if (!entry.contains(parameter)) throw UserError(path, line(), "cache entry '" + key + "' lacks parameter '" + parameter + "'");
      m.variant += (m.variant.empty() ? "" : ".") + parameter + "_" + name_value(entry[parameter]);
    }
    if (!entry.contains("time")) throw UserError(path, line(), "cache entry '" + key + "' has no 'time'");
    const json& time = entry["time"];
    if (time.is_string()) {
      m.status = failure_status(time.get<std::string>());
      m.reason = time.get<std::string>();
    } else if (!time.is_number()) {
      throw UserError(path, line(), "cache entry '" + key + "' has a 'time' that is neither a number nor a failure");
    } else if (time.get<double>() >= kOldFailureTime) {
      m.status = Status::run_failed;
      m.reason = "time 1e20 (failed)";
    } else {
      std::vector<double> samples;
      if (entry.contains("times") && entry["times"].is_array()) {
        for (const auto& sample : entry["times"]) {
          if (!sample.is_number()) throw UserError(path, line(), "cache entry '" + key + "' has a non-numeric sample in 'times'");
          samples.push_back(sample.get<double>() / 1000.0);  // Kernel Tuner times are milliseconds
        }
      }
      if (samples.empty()) samples.push_back(time.get<double>() / 1000.0);
      m.statistics = summarize(samples);
      // Kernel Tuner's `time` is the mean of `times`; keep its figure for the mean.
      m.statistics.mean = time.get<double>() / 1000.0;
      if (m.statistics.median <= 0) throw UserError(path, line(), "cache entry '" + key + "' has a non-positive time");
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
  result.space.size = std::to_string(cache.size());
  for (const auto& parameter : parameters) result.space.ranges += parameter + "\n";
  return result;
}

}  // namespace policytune
