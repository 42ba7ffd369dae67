#include "protocol/harness_protocol.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/json_document.hpp"
#include <policytune/protocol/version.hpp>

namespace policytune {
namespace {

using nlohmann::json;

// The protocol version a document says it speaks. Every harness PolicyTune ever shipped wrote
// `"policytune_harness": 1` (the member was the protocol's version from the first commit, and
// this reader has always required it), so every recorded document (the base answers in databases,
// policies/databases/*.json, tests/data) has it: a document without it was not written by a
// PolicyTune harness and stays "not harness JSON", never "version 1". A document of another version
// was written by another PolicyTune's harness (a benchmark built against other headers): one error
// that says so, which base's listing turns into a UserError naming the benchmark.
void check_version(const json& document) {
  const json& given = document.at(protocol::version_key);
  if (given.is_number_integer() && given.get<long long>() == protocol::version) return;
  std::string shown = given.dump(-1, ' ', false, json::error_handler_t::replace);
  if (shown.size() > 20) shown = shown.substr(0, 20) + "...";
  throw MalformedHarnessOutput(
      fmt::format("harness protocol version {}, but this policytune reads version {}: build the benchmark against this "
                  "policytune's harness headers (bench/policytune)",
                  shown, protocol::version));
}

json parse_document(const std::string& text) {
  json document;
  try {
    document = parse_json(text);
  } catch (const JsonTooDeep& deep) {
    throw MalformedHarnessOutput(std::string("printed JSON whose ") + deep.what());
  } catch (const JsonRefused&) {
    document = json::value_t::discarded;
  }
  if (document.is_discarded() || !document.is_object() || !document.contains(protocol::version_key)) {
    std::string head = text.substr(0, 60);
    for (char& c : head) {
      if (c == '\n' || c == '\r') c = ' ';
    }
    throw MalformedHarnessOutput(text.empty() ? "printed nothing" : "printed '" + head + "' instead of harness JSON");
  }
  check_version(document);
  return document;
}

template <typename T>
T field(const json& object, const char* key) {
  try {
    return object.at(key).get<T>();
  } catch (const json::exception&) {
    throw MalformedHarnessOutput(std::string("harness JSON lacks a valid '") + key + "'");
  }
}

HarnessDevice device_of(const json& document) {
  HarnessDevice result;
  const std::string status = field<std::string>(document, "status");
  if (status == protocol::document_no_device) {
    result.reason = document.value("reason", std::string("no CUDA device"));
    return result;
  }
  if (status != protocol::document_ok) throw MalformedHarnessOutput("harness status '" + status + "'");
  const json& device = document.at("device");
  result.available = true;
  result.device.name = field<std::string>(device, "name");
  result.device.sm_count = field<std::int64_t>(device, "sm_count");
  result.device.memory_bus_width = field<std::int64_t>(device, "memory_bus_width");
  result.device.ecc = field<bool>(device, "ecc");
  result.device.compute_capability = field<std::string>(device, "compute_capability");
  result.device.driver = field<std::string>(device, "driver");
  result.toolkit = field<std::string>(document, "toolkit");
  result.library = field<std::string>(document, "library");
  for (const char* limit : {"max_threads_per_block", "shared_memory_per_block", "shared_memory_per_block_optin"}) {
    if (device.contains(limit)) {
      const auto value = field<std::int64_t>(device, limit);
      if (value > 0) result.limits[limit] = value;
    }
  }
  if (document.contains("visible_devices"))
    result.visible_devices = std::max<std::int64_t>(1, field<std::int64_t>(document, "visible_devices"));
  return result;
}

}  // namespace

std::string HarnessAxis::tune_macro() const {
  std::string base = name.substr(0, name.find('{'));
  return "TUNE_" + base;
}

std::vector<HarnessEntry> parse_harness_listing(const std::string& text) {
  const json document = parse_document(text);
  std::vector<HarnessEntry> entries;
  try {
    for (const auto& benchmark : document.at("benchmarks")) {
      HarnessEntry entry{field<std::string>(benchmark, "name"), {}};
      for (const auto& axis_json : benchmark.at("axes")) {
        HarnessAxis axis;
        axis.name = field<std::string>(axis_json, "name");
        const std::string kind = field<std::string>(axis_json, "kind");
        if (kind == "type") {
          axis.kind = HarnessAxis::Kind::type;
          for (const auto& value : axis_json.at("values")) {
            axis.values.push_back(field<std::string>(value, "label"));
            axis.spellings.push_back(field<std::string>(value, "type"));
          }
        } else {
          axis.kind = kind == "float64"  ? HarnessAxis::Kind::float64
                      : kind == "string" ? HarnessAxis::Kind::string
                                         : HarnessAxis::Kind::int64;
          axis.pow2 = axis_json.value("pow2", false);
          axis.values = field<std::vector<std::string>>(axis_json, "values");
        }
        entry.axes.push_back(std::move(axis));
      }
      entries.push_back(std::move(entry));
    }
  } catch (const json::exception& error) {
    throw MalformedHarnessOutput(std::string("malformed --list output: ") + error.what());
  }
  return entries;
}

HarnessDevice parse_harness_device(const std::string& text) {
  try {
    return device_of(parse_document(text));
  } catch (const json::exception& error) {
    throw MalformedHarnessOutput(std::string("malformed --device output: ") + error.what());
  }
}

HarnessRun parse_harness_run(const std::string& text) {
  const json document = parse_document(text);
  HarnessRun run;
  try {
    run.device = device_of(document);
    if (!run.device.available) return run;
    for (const auto& state_json : document.at("states")) {
      HarnessState state;
      state.entry = field<std::string>(state_json, "entry");
      state.ct_workload = field<std::string>(state_json, "ct_workload");
      state.rt_workload = field<std::string>(state_json, "rt_workload");
      const auto status = parse_status(field<std::string>(state_json, "status"));
      if (!status) throw MalformedHarnessOutput("unknown state status in harness JSON");
      state.status = *status;
      state.reason = state_json.value("reason", std::string());
      state.verified = state_json.value("verified", false);
      const json& samples = state_json.at("samples");
      state.statistics = {field<std::int64_t>(samples, "count"), field<double>(samples, "median"),
                          field<double>(samples, "mean"),        field<double>(samples, "stddev"),
                          field<double>(samples, "min"),         field<double>(samples, "max")};
      if (state_json.contains("bytes_per_second") && state_json["bytes_per_second"].is_number()) {
        state.bytes_per_second = state_json["bytes_per_second"].get<double>();
      }
      run.states.push_back(std::move(state));
    }
  } catch (const json::exception& error) {
    throw MalformedHarnessOutput(std::string("malformed run output: ") + error.what());
  }
  return run;
}

std::vector<CompileTimeWorkload> compile_time_workloads(const std::vector<HarnessEntry>& entries) {
  std::vector<const HarnessAxis*> axes;
  if (!entries.empty()) {
    for (const auto& axis : entries.front().axes) {
      if (axis.compile_time()) axes.push_back(&axis);
    }
  }
  std::vector<CompileTimeWorkload> workloads{CompileTimeWorkload{}};
  for (const HarnessAxis* axis : axes) {
    std::vector<CompileTimeWorkload> extended;
    for (const auto& partial : workloads) {
      for (std::size_t i = 0; i < axis->values.size(); ++i) {
        CompileTimeWorkload next = partial;
        next.name += (next.name.empty() ? "" : ",") + axis->name + "=" + axis->values[i];
        next.defines.emplace_back(axis->tune_macro(), axis->spellings[i]);
        next.axis_values.emplace_back(axis->name, axis->values[i]);
        extended.push_back(std::move(next));
      }
    }
    workloads = std::move(extended);
  }
  return workloads;
}

}  // namespace policytune
