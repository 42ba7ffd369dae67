// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the JSON documents it writes (bench/README.md, "JSON protocol"),
// read by the tool's generator/harness_protocol.cpp. Each is one object that opens with the
// protocol version, `{"policytune_harness":1`, and ends with a newline.
#pragma once

#include <policytune/bench/axis.hpp>
#include <policytune/bench/benchmark.hpp>
#include <policytune/bench/device.hpp>
#include <policytune/bench/json.hpp>
#include <policytune/bench/stats.hpp>
#include <policytune/protocol/status.hpp>
#include <policytune/protocol/version.hpp>

#include <cstring>
#include <string>
#include <vector>

namespace policytune::bench
{
namespace detail
{
/// `{"policytune_harness":1`: the start of every document, with the protocol's version.
inline void document_head(std::string& out)
{
  out += '{';
  json_key(out, protocol::version_key);
  json_int(out, protocol::version);
}

inline const char* kind_name(axis_kind k)
{
  switch (k)
  {
    case axis_kind::type: return "type";
    case axis_kind::int64: return "int64";
    case axis_kind::float64: return "float64";
    default: return "string";
  }
}

/// --list: the entries from `head` on (the registry's, by default) and their axes.
inline std::string list_json(const benchmark_base* head = registry().head)
{
  std::string out;
  document_head(out);
  out += ",\"benchmarks\":[";
  bool first_entry = true;
  for (const benchmark_base* b = head; b != nullptr; b = b->next())
  {
    out += first_entry ? "{" : ",{";
    first_entry = false;
    json_key(out, "name");
    json_string(out, b->name());
    out += ",\"axes\":[";
    bool first_axis = true;
    for (int part = 0; part < 2; ++part)
    {
      for (const axis& a : part == 0 ? b->type_axes() : b->runtime_axes())
      {
        out += first_axis ? "{" : ",{";
        first_axis = false;
        json_key(out, "name");
        json_string(out, a.name);
        out += ",\"kind\":";
        json_string(out, kind_name(a.kind));
        if (a.kind == axis_kind::int64)
        {
          out += ",\"pow2\":";
          json_bool(out, a.pow2);
        }
        out += ",\"values\":[";
        for (std::size_t i = 0; i < a.values.size(); ++i)
        {
          if (i != 0)
          {
            out += ',';
          }
          if (a.kind == axis_kind::type)
          {
            out += "{\"label\":";
            json_string(out, a.values[i]);
            out += ",\"type\":";
            json_string(out, a.spellings[i]);
            out += '}';
          }
          else
          {
            json_string(out, a.values[i]);
          }
        }
        out += "]}";
      }
    }
    out += "]}";
  }
  out += "]}\n";
  return out;
}

/// `"device":{...},"toolkit":"...","library":"...","visible_devices":N`
inline void device_members(std::string& out, const device_info& d)
{
  out += "\"device\":{";
  json_key(out, "name");
  json_string(out, d.name);
  out += ",\"sm_count\":";
  json_int(out, d.sm_count);
  out += ",\"memory_bus_width\":";
  json_int(out, d.memory_bus_width);
  out += ",\"ecc\":";
  json_bool(out, d.ecc);
  out += ",\"compute_capability\":";
  json_string(out, d.compute_capability);
  out += ",\"driver\":";
  json_string(out, d.driver);
  out += ",\"max_threads_per_block\":";
  json_int(out, d.max_threads_per_block);
  out += ",\"shared_memory_per_block\":";
  json_int(out, d.shared_memory_per_block);
  out += ",\"shared_memory_per_block_optin\":";
  json_int(out, d.shared_memory_per_block_optin);
  out += "},\"toolkit\":";
  json_string(out, d.toolkit);
  out += ",\"library\":";
  json_string(out, d.library);
  out += ",\"visible_devices\":";
  json_int(out, d.visible_devices);
}

/// The opening of a document that went well and names the device: `--device`'s and a run's.
inline std::string ok_document_with_device(const device_info& d)
{
  std::string out;
  document_head(out);
  out += ",\"status\":";
  json_string(out, protocol::document_ok);
  out += ',';
  device_members(out, d);
  return out;
}

/// --device: the identity of the device.
inline std::string device_json(const device_info& d)
{
  std::string out = ok_document_with_device(d);
  out += "}\n";
  return out;
}

/// A document that says only why nothing ran (`no_device`, `error`).
inline std::string status_json(const char* status, const std::string& reason)
{
  std::string out;
  document_head(out);
  out += ",\"status\":";
  json_string(out, status);
  out += ",\"reason\":";
  json_string(out, reason);
  out += "}\n";
  return out;
}

/// What one state came to: its workloads, status (a protocol status name), samples and sizes.
struct state_result
{
  std::string entry;
  std::string ct_workload;
  std::string rt_workload;
  const char* status = protocol::status_name(protocol::status::ok);
  std::string reason;
  bool verified = false;
  sample_stats stats;
  unsigned long long elements = 0;
  unsigned long long bytes    = 0;
  bool bytes_declared         = false;
};

inline void state_json(std::string& out, const state_result& r)
{
  out += "{\"entry\":";
  json_string(out, r.entry);
  out += ",\"ct_workload\":";
  json_string(out, r.ct_workload);
  out += ",\"rt_workload\":";
  json_string(out, r.rt_workload);
  out += ",\"status\":";
  json_string(out, r.status);
  out += ",\"reason\":";
  json_string(out, r.reason);
  out += ",\"verified\":";
  json_bool(out, r.verified);
  out += ",\"samples\":{\"count\":";
  json_int(out, r.stats.count);
  out += ",\"median\":";
  json_double(out, r.stats.median);
  out += ",\"mean\":";
  json_double(out, r.stats.mean);
  out += ",\"stddev\":";
  json_double(out, r.stats.stddev);
  out += ",\"min\":";
  json_double(out, r.stats.min);
  out += ",\"max\":";
  json_double(out, r.stats.max);
  out += "},\"elements\":";
  json_int(out, static_cast<long long>(r.elements));
  out += ",\"bytes\":";
  json_int(out, static_cast<long long>(r.bytes));
  out += ",\"bytes_per_second\":";
  const bool ok = std::strcmp(r.status, protocol::status_name(protocol::status::ok)) == 0;
  if (ok && r.bytes_declared && r.stats.median > 0.0)
  {
    json_double(out, static_cast<double>(r.bytes) / r.stats.median);
  }
  else
  {
    out += "null";
  }
  out += '}';
}

/// A run: the device and every state, in the order they ran.
inline std::string run_json(const device_info& d, const std::vector<state_result>& states)
{
  std::string out = ok_document_with_device(d);
  out += ",\"states\":[";
  for (std::size_t i = 0; i < states.size(); ++i)
  {
    if (i != 0)
    {
      out += ',';
    }
    state_json(out, states[i]);
  }
  out += "]}\n";
  return out;
}
} // namespace detail
} // namespace policytune::bench
