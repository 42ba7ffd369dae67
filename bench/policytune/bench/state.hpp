// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: nvbench::state, one measurement: a benchmark function at one
// compile-time and one runtime workload. What the benchmark reads (its axes' values) and declares
// (throughput, outputs, a skip, a verifier) on it; state.exec() is defined in state_exec.hpp.
#pragma once

#include <policytune/bench/axis.hpp>
#include <policytune/bench/backend.hpp>
#include <policytune/bench/config.hpp>
#include <policytune/bench/declared_output.hpp>
#include <policytune/bench/exec_tag.hpp>
#include <policytune/bench/launch.hpp>
#include <policytune/bench/stats.hpp>
#include <policytune/bench/summary.hpp>
#include <policytune/bench/verifier.hpp>
#include <policytune/bench/verify.hpp>
#if POLICYTUNE_BENCH_CUDA
#  include <policytune/bench/cuda_device.hpp>
#endif

#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace policytune::bench
{
namespace detail
{
struct state_access;
} // namespace detail

/// One measurement: a benchmark function at one compile-time and one runtime workload.
class state
{
public:
  /// A state of the runtime axes `axes`, at value `index[i]` of axis i (made by the runner).
  state(detail::backend& backend, run_settings settings, const std::vector<axis>& axes, std::vector<std::size_t> index)
      : m_backend(&backend)
      , m_settings(settings)
      , m_axes(&axes)
      , m_index(std::move(index))
  {}

  state(const state&)            = delete;
  state& operator=(const state&) = delete;
  ~state() { delete m_verifier; }

  // ---- axes --------------------------------------------------------------------------------

  /// The value of an int64 axis; on a power-of-two axis, 2^exponent.
  int64_t get_int64(const std::string& name) const
  {
    const std::size_t a = find(name, axis_kind::int64);
    return (*m_axes)[a].int_value(m_index[a]);
  }
  int64_t get_int64_or_default(const std::string& name, int64_t fallback) const
  {
    const std::size_t a = lookup(name, axis_kind::int64);
    return a != npos ? (*m_axes)[a].int_value(m_index[a]) : fallback;
  }

  double get_float64(const std::string& name) const
  {
    const std::size_t a = find(name, axis_kind::float64);
    return (*m_axes)[a].floats[m_index[a]];
  }
  double get_float64_or_default(const std::string& name, double fallback) const
  {
    const std::size_t a = lookup(name, axis_kind::float64);
    return a != npos ? (*m_axes)[a].floats[m_index[a]] : fallback;
  }

  const std::string& get_string(const std::string& name) const
  {
    const std::size_t a = find(name, axis_kind::string);
    return (*m_axes)[a].values[m_index[a]];
  }
  const std::string& get_string_or_default(const std::string& name, const std::string& fallback) const
  {
    const std::size_t a = lookup(name, axis_kind::string);
    return a != npos ? (*m_axes)[a].values[m_index[a]] : fallback;
  }

  // ---- throughput ----------------------------------------------------------------------------

  void add_element_count(std::size_t elements, const std::string& /*column*/ = {}) { m_elements += elements; }
  std::size_t get_element_count() const noexcept { return m_elements; }

  template <class T>
  void add_global_memory_reads(std::size_t count, const std::string& /*column*/ = {})
  {
    add_global_memory_reads(count * sizeof(T));
  }
  void add_global_memory_reads(std::size_t bytes)
  {
    m_bytes += bytes;
    m_bytes_declared = true;
  }

  template <class T>
  void add_global_memory_writes(std::size_t count, const std::string& /*column*/ = {})
  {
    add_global_memory_writes(count * sizeof(T));
    m_outputs.push_back(declared_output_of<T>(count));
  }
  void add_global_memory_writes(std::size_t bytes)
  {
    m_bytes += bytes;
    m_bytes_declared = true;
  }

  // ---- control -------------------------------------------------------------------------------

  /// Marks the state skipped (an invalid combination, a constraint): exec() then does nothing.
  void skip(std::string reason)
  {
    m_skipped     = true;
    m_skip_reason = std::move(reason);
  }
  bool is_skipped() const noexcept { return m_skipped; }
  const std::string& get_skip_reason() const noexcept { return m_skip_reason; }

  void set_min_samples(long long n) { m_settings.min_samples = n; }
  /// A fraction, as NVBench's set_max_noise takes it (its command line's --max-noise is percent).
  void set_max_noise(double fraction) { m_settings.max_noise = fraction; }
  void set_timeout(double seconds) { m_settings.max_time = seconds; }

#if POLICYTUNE_BENCH_CUDA
  cuda_stream get_cuda_stream() const noexcept { return cuda_stream(m_backend->stream()); }
  /// The device the state runs on (the harness measures on device 0, made current before any state).
  std::optional<cuda_device> get_device() const { return cuda_device::current(); }
#endif

  /// A summary the benchmark fills for NVBench's report (kept, not used by the driver).
  summary& add_summary(std::string tag) { return m_summaries.emplace_back(std::move(tag)); }
  const std::deque<summary>& summaries() const noexcept { return m_summaries; }

  /// What the benchmark declared it writes (add_global_memory_writes<T>), in declaration order.
  const std::vector<declared_output>& declared_outputs() const noexcept { return m_outputs; }
  /// `entry|ct_workload|rt_workload`: names this state among all states of the source.
  const std::string& key() const noexcept { return m_key; }

  /// Registers the check of the output: a callable returning `verification` (or bool), called
  /// after the first run of exec()'s callable.
  template <class F>
  void verify_with(F&& verifier)
  {
    if (m_exec_called)
    {
      throw std::logic_error("state.verify_with() must be called before state.exec()");
    }
    delete m_verifier;
    m_verifier = nullptr;
    m_verifier = new detail::verifier_holder<std::decay_t<F>>(std::forward<F>(verifier));
  }

  /// Runs `fn` once (warm-up, and the run that is verified), synchronises, verifies, then samples
  /// it until the stopping rule is met (state_exec.hpp, measure_cold.hpp). Once per state; nothing
  /// for a skipped one.
  template <unsigned Flags, class Fn>
  void exec(exec_tag::tag<Flags>, Fn&& fn);

  template <class Fn>
  void exec(Fn&& fn)
  {
    exec(exec_tag::none, std::forward<Fn>(fn));
  }

private:
  friend struct detail::state_access;

  /// Verifies the warm-up's output with the state's verifier, else with the check installed for
  /// benchmarks without one; false, and the state a wrong result, when it fails. Not a template:
  /// compiled once, not per callable.
  bool verify_output()
  {
    verification v;
    if (m_verifier != nullptr)
    {
      v          = m_verifier->run();
      m_verified = v.passed;
    }
    else if (detail::unverified_output_check != nullptr)
    {
      m_verified = detail::unverified_output_check(*this, v) && v.passed;
    }
    if (!v.passed)
    {
      m_wrong_result = true;
      m_reason       = v.detail.empty() ? std::string("verification failed") : std::move(v.detail);
    }
    return v.passed;
  }

  static constexpr std::size_t npos = ~std::size_t{0};

  std::size_t lookup(const std::string& name, axis_kind kind) const
  {
    for (std::size_t a = 0; a < m_axes->size(); ++a)
    {
      if ((*m_axes)[a].kind == kind && (*m_axes)[a].name == name)
      {
        return a;
      }
    }
    return npos;
  }

  std::size_t find(const std::string& name, axis_kind kind) const
  {
    const std::size_t a = lookup(name, kind);
    if (a == npos)
    {
      std::string what = "the benchmark has no ";
      what += kind == axis_kind::int64 ? "int64" : kind == axis_kind::float64 ? "float64" : "string";
      what += " axis named '";
      what += name;
      what += "'";
      throw std::runtime_error(what);
    }
    return a;
  }

  detail::backend* m_backend;
  run_settings m_settings;
  const std::vector<axis>* m_axes;
  std::vector<std::size_t> m_index;
  detail::verifier_base* m_verifier = nullptr;
  std::vector<declared_output> m_outputs;
  std::deque<summary> m_summaries; // a deque: the references add_summary returned stay valid
  std::string m_key;

  std::size_t m_elements = 0;
  std::size_t m_bytes    = 0;
  bool m_bytes_declared  = false;
  bool m_skipped         = false;
  std::string m_skip_reason;
  bool m_exec_called  = false;
  bool m_wrong_result = false;
  bool m_verified     = false;
  std::string m_reason;
  sample_stats m_stats;
};
} // namespace policytune::bench

// state.exec(), NVBench's way: its definition in a header of its own, which needs the class whole.
#define POLICYTUNE_BENCH_STATE_EXEC_GUARD
#include <policytune/bench/state_exec.hpp>
#undef POLICYTUNE_BENCH_STATE_EXEC_GUARD
