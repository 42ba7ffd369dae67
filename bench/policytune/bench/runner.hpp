// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the command line, the runs and the JSON protocol.
//
//   bench --list                 the entries and their axes
//   bench --device               the machine's identity
//   bench [--axis SPEC]... [--min-samples N] [--max-noise F] [--max-time S]
//                                run every entry x type combination x runtime combination that
//                                passes the --axis filters and print the results
//
// stdout carries exactly one JSON document (top-level "policytune_harness": 1); whatever the
// benchmark prints goes to stderr. Exit codes: 0 when it ran (whatever the states' statuses),
// 2 for a bad command line, 77 when there is no CUDA device, 1 when the benchmark's own
// definition is broken (see stderr) or the device could not be set up.
#pragma once

#include <policytune/bench/benchmark.hpp>
#include <policytune/bench/device.hpp>
#include <policytune/bench/json.hpp>
#include <policytune/bench/state.hpp>
#include <policytune/bench/text.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#  include <fcntl.h>
#  include <unistd.h>
#  define POLICYTUNE_BENCH_POSIX 1
#else
#  define POLICYTUNE_BENCH_POSIX 0
#endif

namespace policytune::bench
{
namespace detail
{
struct state_access
{
  static bool exec_called(const state& s) { return s.m_exec_called; }
  static bool wrong_result(const state& s) { return s.m_wrong_result; }
  static bool verified(const state& s) { return s.m_verified; }
  static const std::string& reason(const state& s) { return s.m_reason; }
  static const sample_stats& stats(const state& s) { return s.m_stats; }
  static std::size_t bytes(const state& s) { return s.m_bytes; }
  static bool bytes_declared(const state& s) { return s.m_bytes_declared; }
  static void set_key(state& s, std::string key) { s.m_key = std::move(key); }
};

class usage_error : public std::runtime_error
{
public:
  using std::runtime_error::runtime_error;
};

/// One --axis SPEC (`Name=value`, `Name=[v1,v2]`, `Name[pow2]=exponent`) is kept as an axis:
/// its name, whether the values are exponents, and the values as written. On an int64 axis an
/// item may also be a range `start:end[:step]`.
using axis_filter = axis;

struct options
{
  bool list   = false;
  bool device = false;
  bool help   = false;
  std::string variant; // --variant: the variant of a batched build to run
  std::vector<axis_filter> filters;
  run_settings settings;
  bool min_samples_given = false;
  bool max_noise_given   = false;
  bool max_time_given    = false;
};

inline bool parse_integer(const char* begin, const char* end, long long& out)
{
  if (begin == end)
  {
    return false;
  }
  char buf[64];
  const std::size_t n = static_cast<std::size_t>(end - begin);
  if (n >= sizeof buf)
  {
    return false;
  }
  std::memcpy(buf, begin, n);
  buf[n]     = '\0';
  char* stop = nullptr;
  errno      = 0;
  out        = std::strtoll(buf, &stop, 10);
  return errno == 0 && stop == buf + n;
}

inline bool parse_integer(const std::string& text, long long& out)
{
  return parse_integer(text.data(), text.data() + text.size(), out);
}

inline bool parse_number(const std::string& text, double& out)
{
  if (text.empty())
  {
    return false;
  }
  char* end = nullptr;
  errno     = 0;
  out       = std::strtod(text.c_str(), &end);
  return errno == 0 && end == text.c_str() + text.size();
}

inline axis_filter parse_axis_spec(const char* spec)
{
  const char* const spec_end = spec + std::strlen(spec);
  const char* eq             = std::strchr(spec, '=');
  if (eq == nullptr)
  {
    throw usage_error(cat({"--axis '", spec, "': expected Name=value or Name=[v1,v2]"}));
  }
  axis_filter f;
  f.name                     = trimmed(spec, eq);
  const char* suffix         = "[pow2]";
  const std::size_t suffix_n = std::strlen(suffix);
  if (f.name.size() >= suffix_n && std::strcmp(f.name.c_str() + f.name.size() - suffix_n, suffix) == 0)
  {
    f.pow2 = true;
    f.name = trimmed(f.name.c_str(), f.name.c_str() + f.name.size() - suffix_n);
  }
  if (f.name.empty())
  {
    throw usage_error(cat({"--axis '", spec, "': the axis name is empty"}));
  }
  const std::string value = trimmed(eq + 1, spec_end);
  const char* v           = value.c_str();
  const std::size_t n     = value.size();
  if (n >= 2 && v[0] == '[' && v[n - 1] == ']')
  {
    const char* item = v + 1;
    const char* last = v + n - 1;
    while (item <= last)
    {
      const char* comma = item;
      while (comma < last && *comma != ',')
      {
        ++comma;
      }
      std::string text = trimmed(item, comma);
      if (!text.empty())
      {
        f.values.push_back(std::move(text));
      }
      item = comma + 1;
    }
  }
  else
  {
    f.values.push_back(value);
  }
  return f;
}

inline const char* usage_text()
{
  return "usage: BENCHMARK [--list | --device] [--variant NAME] [--axis SPEC]... [--min-samples N] [--max-noise F]\n"
         "                 [--max-time S]\n"
         "  --list            print the entries and their axes as JSON\n"
         "  --variant NAME    the variant to run, in a binary built with several (a batched build)\n"
         "  --device          print the identity of the device as JSON\n"
         "  --axis SPEC, -a   run only these axis values: Name=value, Name=[v1,v2], Name[pow2]=exponent\n"
         "                    (type axes take labels such as F32; several --axis options combine;\n"
         "                    axes a benchmark does not have are ignored)\n"
         "  --min-samples N   take at least N samples (default 10)\n"
         "  --max-noise F     stop once the relative noise of the median is at most F (default 0.01)\n"
         "  --max-time S      stop sampling a state after S seconds (default 0.5)\n"
         "Results go to stdout as one JSON document; the benchmark's own output goes to stderr.\n";
}

inline options parse_command_line(int argc, char** argv)
{
  options opt;
  for (int i = 1; i < argc; ++i)
  {
    // --name=value is the same as --name value.
    std::string name_storage;
    const char* arg   = argv[i];
    const char* value = nullptr;
    if (std::strncmp(arg, "--", 2) == 0)
    {
      if (const char* eq = std::strchr(arg, '='))
      {
        name_storage = std::string(arg, static_cast<std::size_t>(eq - arg));
        arg          = name_storage.c_str();
        value        = eq + 1;
      }
    }
    const bool has_value = value != nullptr;
    auto is              = [&](const char* option) {
      return std::strcmp(arg, option) == 0;
    };
    auto take_value = [&]() -> const char* {
      if (has_value)
      {
        return value;
      }
      if (i + 1 >= argc)
      {
        throw usage_error(cat({"option ", arg, " needs a value"}));
      }
      return argv[++i];
    };
    auto no_value = [&]() {
      if (has_value)
      {
        throw usage_error(cat({"option ", arg, " takes no value"}));
      }
    };

    if (is("--list"))
    {
      no_value();
      opt.list = true;
    }
    else if (is("--device"))
    {
      no_value();
      opt.device = true;
    }
    else if (is("--help") || is("-h"))
    {
      no_value();
      opt.help = true;
    }
    else if (is("--variant"))
    {
      opt.variant = take_value();
    }
    else if (is("--axis") || is("-a"))
    {
      axis_filter f = parse_axis_spec(take_value());
      // A later spec for the same axis replaces an earlier one (as in NVBench).
      bool replaced = false;
      for (axis_filter& old : opt.filters)
      {
        if (old.name == f.name)
        {
          old      = f;
          replaced = true;
        }
      }
      if (!replaced)
      {
        opt.filters.push_back(std::move(f));
      }
    }
    else if (is("--min-samples"))
    {
      const char* v = take_value();
      long long n   = 0;
      if (!parse_integer(v, v + std::strlen(v), n) || n < 0)
      {
        throw usage_error(cat({"--min-samples '", v, "': expected a count >= 0"}));
      }
      opt.settings.min_samples = n;
      opt.min_samples_given    = true;
    }
    else if (is("--max-noise") || is("--max-time"))
    {
      const bool noise = is("--max-noise");
      const char* v    = take_value();
      double x         = 0;
      if (!parse_number(v, x) || !(x >= 0))
      {
        throw usage_error(cat({arg, " '", v, noise ? "': expected a fraction >= 0" : "': expected seconds >= 0"}));
      }
      (noise ? opt.settings.max_noise : opt.settings.max_time) = x;
      (noise ? opt.max_noise_given : opt.max_time_given)       = true;
    }
    else
    {
      throw usage_error(cat({"unknown option '", argv[i], "'"}));
    }
  }
  if (opt.list && opt.device)
  {
    throw usage_error("--list and --device exclude each other");
  }
  return opt;
}

/// Keeps the entries of one variant in the registry. A batched build registers every entry once
/// per variant; `variant` empty keeps the entries of an ordinary build. Throws usage_error when the
/// binary has no such variant, or holds several and none was chosen.
inline void select_variant(const std::string& variant)
{
  bool batched = false;
  for (const benchmark_base* b = registry().head; b != nullptr; b = b->next())
  {
    batched = batched || !b->variant().empty();
  }
  if (!batched && variant.empty())
  {
    return; // an ordinary build
  }
  if (variant.empty())
  {
    throw usage_error(cat({"this binary holds several variants (", registry().head->variant().c_str(),
                           ", ...): choose one with --variant"}));
  }
  if (!keep_entries_of_variant(variant))
  {
    throw usage_error(cat({"--variant ", variant.c_str(), ": this binary has no such variant"}));
  }
}

/// Whether the int64 filter item `item` (a number or a range start:end[:step]) contains `x`.
inline bool integer_item_contains(const std::string& item, long long x)
{
  const char* b  = item.c_str();
  const char* e  = b + item.size();
  const char* c1 = std::strchr(b, ':');
  if (c1 == nullptr)
  {
    long long v = 0;
    return parse_integer(b, e, v) && v == x;
  }
  const char* c2  = std::strchr(c1 + 1, ':');
  long long start = 0, end = 0, step = 1;
  if (!parse_integer(b, c1, start) || !parse_integer(c1 + 1, c2 != nullptr ? c2 : e, end)
      || (c2 != nullptr && !parse_integer(c2 + 1, e, step)) || step <= 0)
  {
    return false;
  }
  return x >= start && x <= end && (x - start) % step == 0;
}

/// Whether filter item `item` of filter `f` selects value `i` of axis `a`.
inline bool item_selects(const axis& a, std::size_t i, const axis_filter& f, const std::string& item)
{
  switch (a.kind)
  {
    case axis_kind::int64:
      if (f.pow2)
      {
        // The item holds exponents: value i matches when it is a power of two 2^e with e in the item.
        const long long v = a.int_value(i);
        if (v <= 0 || (v & (v - 1)) != 0)
        {
          return false;
        }
        long long e = 0;
        while ((1LL << e) != v)
        {
          ++e;
        }
        return integer_item_contains(item, e);
      }
      return integer_item_contains(item, a.int_value(i));
    case axis_kind::float64: {
      double v = 0;
      return parse_number(item, v) && v == a.floats[i];
    }
    default: return a.values[i] == item;
  }
}

/// Whether the command line lets value `i` of axis `a` through (yes when no filter names the axis).
inline bool allowed(const axis& a, std::size_t i, const std::vector<axis_filter>& filters)
{
  for (const axis_filter& f : filters)
  {
    if (f.name == a.name)
    {
      for (const std::string& item : f.values)
      {
        if (item_selects(a, i, f, item))
        {
          return true;
        }
      }
      return false;
    }
  }
  return true;
}

/// Notes on stderr for filters that select nothing anywhere (typos are otherwise silent).
inline void note_unused_filters(const std::vector<axis_filter>& filters)
{
  for (const axis_filter& f : filters)
  {
    bool axis_seen = false;
    for (const std::string& item : f.values)
    {
      bool matched = false;
      for (const benchmark_base* b = registry().head; b != nullptr; b = b->next())
      {
        for (int part = 0; part < 2; ++part)
        {
          for (const axis& a : part == 0 ? b->type_axes() : b->runtime_axes())
          {
            if (a.name != f.name)
            {
              continue;
            }
            axis_seen = true;
            for (std::size_t i = 0; i < a.values.size(); ++i)
            {
              matched = matched || item_selects(a, i, f, item);
            }
          }
        }
      }
      if (axis_seen && !matched)
      {
        std::fprintf(stderr, "note: --axis %s: no axis '%s' has the value '%s'; ignored\n", f.name.c_str(),
                     f.name.c_str(), item.c_str());
      }
    }
    if (!axis_seen)
    {
      std::fprintf(stderr, "note: --axis %s: no benchmark has this axis; ignored\n", f.name.c_str());
    }
  }
}

inline bool bad_name(const std::string& s)
{
  return s.empty() || std::strpbrk(s.c_str(), "=,[]\"\n") != nullptr;
}

/// Problems in the benchmark's own definition, one line each.
inline std::vector<std::string> definition_errors()
{
  std::vector<std::string> errors;
  const char* bad_name_text = "must be non-empty, without = , [ ] \" or newlines";
  for (const benchmark_base* b = registry().head; b != nullptr; b = b->next())
  {
    const char* entry = b->name().c_str();
    if (bad_name(b->name()))
    {
      errors.push_back(cat({"benchmark '", entry, "': the name ", bad_name_text}));
    }
    for (const benchmark_base* o = registry().head; o != b; o = o->next())
    {
      if (o->name() == b->name())
      {
        errors.push_back(cat({"benchmark '", entry, "': two entries have this name; give each its own with set_name()"}));
      }
    }
    for (const std::string& msg : b->errors())
    {
      errors.push_back(cat({"benchmark '", entry, "': ", msg.c_str()}));
    }
    const std::size_t n_type = b->type_axes().size();
    const std::size_t n_all  = n_type + b->runtime_axes().size();
    auto nth                 = [&](std::size_t i) -> const axis& {
      return i < n_type ? b->type_axes()[i] : b->runtime_axes()[i - n_type];
    };
    for (std::size_t i = 0; i < n_all; ++i)
    {
      const axis& a    = nth(i);
      const char* name = a.name.c_str();
      if (bad_name(a.name))
      {
        errors.push_back(cat({"benchmark '", entry, "': axis '", name, "': the name ", bad_name_text}));
      }
      for (std::size_t j = 0; j < i; ++j)
      {
        if (nth(j).name == a.name)
        {
          errors.push_back(cat({"benchmark '", entry, "': two axes are named '", name, "'"}));
        }
      }
      if (a.values.empty())
      {
        errors.push_back(cat({"benchmark '", entry, "': axis '", name, "' has no values"}));
      }
      for (const std::string& v : a.values)
      {
        if (std::strchr(v.c_str(), ',') != nullptr || (!v.empty() && v[0] == '['))
        {
          errors.push_back(cat({"benchmark '", entry, "': axis '", name, "': value '", v.c_str(),
                                "' must not contain ',' or start with '['"}));
        }
      }
    }
  }
  return errors;
}

// ---- JSON documents ----------------------------------------------------------------------------

inline void write_all(int fd, const std::string& text)
{
#if POLICYTUNE_BENCH_POSIX
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0)
  {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0)
    {
      if (errno == EINTR)
      {
        continue;
      }
      return;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
#else
  (void) fd;
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
#endif
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

inline std::string list_json()
{
  std::string out = "{\"policytune_harness\":1,\"benchmarks\":[";
  bool first_entry = true;
  for (const benchmark_base* b = registry().head; b != nullptr; b = b->next())
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

/// `"device":{...},"toolkit":"...","library":"..."`
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

inline std::string status_json(const char* status, const std::string& reason)
{
  std::string out = "{\"policytune_harness\":1,\"status\":";
  json_string(out, status);
  out += ",\"reason\":";
  json_string(out, reason);
  out += "}\n";
  return out;
}

struct state_result
{
  std::string entry;
  std::string ct_workload;
  std::string rt_workload;
  const char* status = "ok";
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
  const bool ok = std::strcmp(r.status, "ok") == 0;
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

// ---- running -------------------------------------------------------------------------------

inline state_result run_state(const benchmark_base& b,
                              const benchmark_base::type_combo& combo,
                              const std::vector<std::size_t>& rt_index,
                              backend& be,
                              const run_settings& settings)
{
  state_result r;
  r.entry = b.name();
  for (std::size_t i = 0; i < b.type_axes().size(); ++i)
  {
    const axis& a = b.type_axes()[i];
    if (i != 0)
    {
      r.ct_workload += ',';
    }
    r.ct_workload += a.name;
    r.ct_workload += '=';
    r.ct_workload += a.values[combo.indices[i]];
  }
  for (std::size_t i = 0; i < b.runtime_axes().size(); ++i)
  {
    const axis& a = b.runtime_axes()[i];
    if (i != 0)
    {
      r.rt_workload += ',';
    }
    r.rt_workload += a.name;
    r.rt_workload += a.pow2 ? "[pow2]=" : "=";
    r.rt_workload += a.values[rt_index[i]];
  }

  state s(be, settings, b.runtime_axes(), rt_index);
  state_access::set_key(s, r.entry + '|' + r.ct_workload + '|' + r.rt_workload);
  bool threw = false;
  try
  {
    combo.run(s);
  }
  catch (const std::exception& e)
  {
    threw    = true;
    r.reason = e.what();
    if (r.reason.empty())
    {
      r.reason = "an exception without a message";
    }
  }
  catch (...)
  {
    threw    = true;
    r.reason = "an exception that is not a std::exception";
  }

  r.elements       = s.get_element_count();
  r.bytes          = state_access::bytes(s);
  r.bytes_declared = state_access::bytes_declared(s);
  if (threw)
  {
    r.status = "run_failed";
  }
  else if (s.is_skipped())
  {
    r.status = "skipped";
    r.reason = s.get_skip_reason();
  }
  else if (state_access::wrong_result(s))
  {
    r.status = "wrong_result";
    r.reason = state_access::reason(s);
  }
  else if (!state_access::exec_called(s))
  {
    r.status = "run_failed";
    r.reason = "the benchmark neither called state.exec() nor state.skip()";
  }
  else
  {
    r.status   = "ok";
    r.verified = state_access::verified(s);
    r.stats    = state_access::stats(s);
  }
  return r;
}

inline void report_progress(const state_result& r)
{
  std::fprintf(stderr, "%s [%s] %s: %s", r.entry.c_str(), r.ct_workload.c_str(), r.rt_workload.c_str(), r.status);
  if (r.stats.count > 0)
  {
    std::fprintf(stderr, ", median %.6g s over %lld samples", r.stats.median, r.stats.count);
  }
  if (!r.reason.empty())
  {
    std::fprintf(stderr, " (%s)", r.reason.c_str());
  }
  std::fprintf(stderr, "\n");
}

/// Moves idx[from..] to their first allowed values; false when some axis has none left.
inline bool settle(const std::vector<axis>& axes, std::vector<std::size_t>& idx, std::size_t from, const std::vector<axis_filter>& filters)
{
  for (std::size_t k = from; k < axes.size(); ++k)
  {
    while (idx[k] < axes[k].values.size() && !allowed(axes[k], idx[k], filters))
    {
      ++idx[k];
    }
    if (idx[k] == axes[k].values.size())
    {
      return false;
    }
  }
  return true;
}

/// The next runtime workload (last axis fastest); false after the last one.
inline bool advance(const std::vector<axis>& axes, std::vector<std::size_t>& idx, const std::vector<axis_filter>& filters)
{
  std::size_t k = axes.size();
  while (k-- > 0)
  {
    ++idx[k];
    if (settle(axes, idx, k, filters))
    {
      return true;
    }
    idx[k] = 0;
  }
  return false;
}

inline std::string run_json(const options& opt, const device_info& dev, backend& be)
{
  std::string out = "{\"policytune_harness\":1,\"status\":\"ok\",";
  device_members(out, dev);
  out += ",\"states\":[";
  bool first = true;
  for (const benchmark_base* b = registry().head; b != nullptr; b = b->next())
  {
    const run_settings settings =
      b->settings(opt.settings, opt.min_samples_given, opt.max_noise_given, opt.max_time_given);
    for (const benchmark_base::type_combo& combo : b->combos())
    {
      bool pass = true;
      for (std::size_t i = 0; i < combo.indices.size(); ++i)
      {
        pass = pass && allowed(b->type_axes()[i], combo.indices[i], opt.filters);
      }
      const std::vector<axis>& axes = b->runtime_axes();
      std::vector<std::size_t> idx(axes.size(), 0);
      if (!pass || !settle(axes, idx, 0, opt.filters))
      {
        continue;
      }
      do
      {
        const state_result r = run_state(*b, combo, idx, be, settings);
        report_progress(r);
        if (!first)
        {
          out += ',';
        }
        first = false;
        state_json(out, r);
      } while (advance(axes, idx, opt.filters));
    }
  }
  out += "]}\n";
  return out;
}

/// Keeps stdout for the JSON: returns a private duplicate of fd 1 and points fd 1 at stderr.
inline int redirect_stdout()
{
#if POLICYTUNE_BENCH_POSIX
  std::fflush(stdout);
  const int fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (fd < 0)
  {
    return STDOUT_FILENO;
  }
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  return fd;
#else
  return 1;
#endif
}
} // namespace detail

/// The harness's main: call it yourself when POLICYTUNE_BENCH_NO_MAIN is defined.
inline int main(int argc, char** argv)
{
  const int json_fd = detail::redirect_stdout();
  const char* program = argc > 0 && argv[0] != nullptr ? argv[0] : "benchmark";

  detail::options opt;
  try
  {
    opt = detail::parse_command_line(argc, argv);
  }
  catch (const detail::usage_error& e)
  {
    std::fprintf(stderr, "%s: error: %s\n%s", program, e.what(), detail::usage_text());
    return 2;
  }
  if (opt.help)
  {
    std::fprintf(stderr, "%s", detail::usage_text());
    return 0;
  }

  try
  {
    detail::select_variant(opt.variant);
  }
  catch (const detail::usage_error& e)
  {
    std::fprintf(stderr, "%s: error: %s\n", program, e.what());
    return 2;
  }

  const std::vector<std::string> errors = detail::definition_errors();
  if (!errors.empty())
  {
    for (const std::string& e : errors)
    {
      std::fprintf(stderr, "%s: error: %s\n", program, e.c_str());
    }
    return 1;
  }

  if (opt.list)
  {
    detail::write_all(json_fd, detail::list_json());
    return 0;
  }

  device_info dev;
  std::string reason;
  if (!detail::query_device(dev, reason))
  {
    detail::write_all(json_fd, detail::status_json("no_device", reason));
    return 77;
  }
  if (opt.device)
  {
    std::string out = "{\"policytune_harness\":1,\"status\":\"ok\",";
    detail::device_members(out, dev);
    out += "}\n";
    detail::write_all(json_fd, out);
    return 0;
  }

  detail::note_unused_filters(opt.filters);
  try
  {
    detail::backend be;
    detail::write_all(json_fd, detail::run_json(opt, dev, be));
  }
  catch (const std::exception& e)
  {
    // Only the back end's set-up can get here (states catch their own exceptions).
    detail::write_all(json_fd, detail::status_json("error", e.what()));
    return 1;
  }
  return 0;
}
} // namespace policytune::bench
