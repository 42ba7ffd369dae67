// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the command line (bench/README.md, "Command line").
//
//   bench --list | --device | [--variant NAME] [--axis SPEC]... [--min-samples N] [--max-noise P]
//         [--max-time S] [--stopping-criterion stdrel]
//
// NVBench's flags mean what they mean to NVBench: --max-noise is a percentage (NVBench's unit),
// and --stopping-criterion names NVBench's criterion this harness's rule is, stdrel; any other is
// refused rather than read as something else.
//
// parse_command_line() turns argv into `options` or throws usage_error, which main() reports
// with the usage text and exit code 2. It reads nothing but argv.
#pragma once

#include <policytune/bench/axis.hpp>
#include <policytune/bench/stats.hpp>
#include <policytune/bench/text.hpp>
#include <policytune/protocol/axis_filter_rules.hpp>
#include <policytune/protocol/sampling_defaults.hpp>

#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace policytune::bench
{
namespace detail
{
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

// The protocol's number syntax (protocol/policytune/protocol/axis_filter_rules.hpp).
using protocol::parse_integer;
using protocol::parse_number;

inline axis_filter parse_axis_spec(const char* spec)
{
  const char* const spec_end = spec + std::strlen(spec);
  const char* eq             = std::strchr(spec, '=');
  if (eq == nullptr)
  {
    throw usage_error(cat({"--axis '", spec, "': expected Name=value or Name=[v1,v2]"}));
  }
  axis_filter f;
  f.name = trimmed(spec, eq);
  f.pow2 = protocol::strip_pow2_suffix(f.name);
  if (f.pow2)
  {
    f.name = trimmed(f.name.c_str(), f.name.c_str() + f.name.size());
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

/// The stopping criteria of NVBench this harness has: stdrel, sampling until the relative noise
/// is at most --max-noise (NVBench's default criterion).
inline constexpr const char* supported_stopping_criterion = "stdrel";

/// The usage text, its defaults from the one table the tool reads too (sampling_defaults.hpp).
inline std::string usage_text()
{
  char defaults[3][32];
  std::snprintf(defaults[0], sizeof defaults[0], "%lld", protocol::default_min_samples);
  std::snprintf(defaults[1], sizeof defaults[1], "%g", protocol::default_max_noise_percent);
  std::snprintf(defaults[2], sizeof defaults[2], "%g", protocol::default_max_time_seconds);
  return cat({
    "usage: BENCHMARK [--list | --device] [--variant NAME] [--axis SPEC]... [--min-samples N] [--max-noise P]\n"
         "                 [--max-time S] [--stopping-criterion stdrel]\n"
         "  --list            print the entries and their axes as JSON\n"
         "  --variant NAME    the variant to run, in a binary built with several (a batched build)\n"
         "  --device          print the identity of the device as JSON\n"
         "  --axis SPEC, -a   run only these axis values: Name=value, Name=[v1,v2], Name[pow2]=exponent\n"
         "                    (type axes take labels such as F32; several --axis options combine;\n"
         "                    axes a benchmark does not have are ignored)\n"
         "  --min-samples N   take at least N samples (default ", defaults[0], ")\n"
         "  --max-noise P     stop once the relative noise of the median is at most P percent (default ",
    defaults[1], ";\n"
         "                    a percentage, as in NVBench)\n"
         "  --max-time S      stop sampling a state after S seconds (default ", defaults[2], ")\n"
         "  --stopping-criterion stdrel\n"
         "                    NVBench's criterion of the rule above, the only one this harness has\n"
         "Results go to stdout as one JSON document; the benchmark's own output goes to stderr.\n"});
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
        throw usage_error(cat({arg, " '", v, noise ? "': expected a percentage >= 0" : "': expected seconds >= 0"}));
      }
      // A percentage, as NVBench takes it (0.5 is 0.5 %); the stopping rule compares fractions.
      (noise ? opt.settings.max_noise : opt.settings.max_time) = noise ? x / 100 : x;
      (noise ? opt.max_noise_given : opt.max_time_given)       = true;
    }
    else if (is("--stopping-criterion"))
    {
      const char* v = take_value();
      if (std::strcmp(v, supported_stopping_criterion) != 0)
      {
        throw usage_error(cat({"--stopping-criterion '", v, "': this harness has NVBench's '",
                               supported_stopping_criterion, "' criterion only (the relative noise of the median, ",
                               "--max-noise)"}));
      }
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
} // namespace detail
} // namespace policytune::bench
