// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the run: every entry x type combination x runtime combination the
// --axis filters let through, in declaration order (last axis fastest), one state each.
#pragma once

#include <policytune/bench/axis.hpp>
#include <policytune/bench/axis_filters.hpp>
#include <policytune/bench/benchmark.hpp>
#include <policytune/bench/json_writer.hpp>
#include <policytune/bench/option_parser.hpp>
#include <policytune/bench/state.hpp>
#include <policytune/protocol/axis_filter_rules.hpp>
#include <policytune/protocol/status.hpp>

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

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
    if (a.pow2)
    {
      r.rt_workload += protocol::pow2_suffix;
    }
    r.rt_workload += '=';
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

  using protocol::status_name;
  r.elements       = s.get_element_count();
  r.bytes          = state_access::bytes(s);
  r.bytes_declared = state_access::bytes_declared(s);
  if (threw)
  {
    r.status = status_name(protocol::status::run_failed);
  }
  else if (s.is_skipped())
  {
    r.status = status_name(protocol::status::skipped);
    r.reason = s.get_skip_reason();
  }
  else if (state_access::wrong_result(s))
  {
    r.status = status_name(protocol::status::wrong_result);
    r.reason = state_access::reason(s);
  }
  else if (!state_access::exec_called(s))
  {
    // What NVBench reports as a state without measurements, and how CUB's benchmarks rule a
    // combination out at compile time (radix_sort/keys.cu at 3.0 returns when the variant's
    // temporary storage does not fit in shared memory): nothing measured is no failure.
    r.status = status_name(protocol::status::skipped);
    r.reason = "the benchmark measured nothing here (it called neither state.exec() nor state.skip())";
  }
  else
  {
    r.status   = status_name(protocol::status::ok);
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

/// Runs every state the filters let through, with a progress line on stderr for each.
inline std::vector<state_result> run_states(const options& opt, backend& be)
{
  std::vector<state_result> results;
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
        results.push_back(run_state(*b, combo, idx, be, settings));
        report_progress(results.back());
      } while (advance(axes, idx, opt.filters));
    }
  }
  return results;
}
} // namespace detail
} // namespace policytune::bench
