// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: nvbench::state, nvbench::launch and nvbench::exec_tag.
#pragma once

#include <policytune/bench/axis.hpp>
#include <policytune/bench/config.hpp>
#include <policytune/bench/declared_output.hpp>
#include <policytune/bench/stats.hpp>
#include <policytune/bench/stream.hpp>
#include <policytune/bench/summary.hpp>
#include <policytune/bench/timer_host.hpp>
#include <policytune/bench/verify.hpp>
#if POLICYTUNE_BENCH_CUDA
#  include <policytune/bench/cuda_device.hpp>
#  include <policytune/bench/timer_cuda.hpp>
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
#if POLICYTUNE_BENCH_CUDA
using backend = cuda_backend;
#else
using backend = host_backend;
#endif
} // namespace detail

/// NVBench's name for what launch.get_stream() returns.
using cuda_stream = basic_stream<detail::backend::stream_type>;

/// NVBench's execution tags. They combine with `|`; only `timer` changes what the harness does
/// (the callable then takes `(nvbench::launch&, auto& timer)` and brackets the timed work with
/// timer.start() / timer.stop()). The others turn off or choose what this harness never does
/// (a blocking kernel, batched measurements, CPU timing), so they are accepted and change nothing:
/// the harness always measures cold, one launch per sample, with the timer around the launch
/// (bench/README.md, "Execution tags", says what each means in NVBench).
namespace exec_tag
{
template <unsigned Flags>
struct tag
{
  static constexpr unsigned flags = Flags;
};

template <unsigned A, unsigned B>
constexpr tag<A | B> operator|(tag<A>, tag<B>) noexcept
{
  return {};
}

inline constexpr tag<0u> none{};
inline constexpr tag<1u> sync{};
inline constexpr tag<2u> timer{};
inline constexpr tag<4u> no_batch{};
inline constexpr tag<8u> gpu{};
inline constexpr tag<16u> no_gpu{};
} // namespace exec_tag

/// What the callable given to state.exec() receives.
class launch
{
public:
  using stream_type = detail::backend::stream_type;

  explicit launch(stream_type stream) noexcept
      : m_stream(stream)
  {}

  /// The stream to launch on (a cudaStream_t in a CUDA build, an empty host_stream otherwise),
  /// wrapped as NVBench wraps it.
  const cuda_stream& get_stream() const noexcept { return m_stream; }

private:
  cuda_stream m_stream;
};

/// The timer an `exec_tag::timer` callable receives.
class sample_timer
{
public:
  explicit sample_timer(detail::backend& backend) noexcept
      : m_backend(backend)
  {}

  void start()
  {
    m_backend.start();
    m_started = true;
  }

  void stop()
  {
    m_backend.stop();
    m_stopped = true;
  }

  /// Reports the sample's duration instead of measuring it (no start/stop): for benchmarks whose
  /// subject is a timing model, such as the driver's own tests, whose verdicts must not depend on
  /// the load of the machine they run on. The work still runs and is still verified.
  void report_seconds(double seconds) noexcept
  {
    m_reported_seconds = seconds;
    m_reported         = true;
  }

  bool complete() const noexcept { return m_reported || (m_started && m_stopped); }
  bool reported() const noexcept { return m_reported; }
  double reported_seconds() const noexcept { return m_reported_seconds; }

private:
  detail::backend& m_backend;
  bool m_started            = false;
  bool m_stopped            = false;
  bool m_reported           = false;
  double m_reported_seconds = 0;
};

enum class state_status
{
  ok,
  skipped,
  wrong_result,
  run_failed
};

namespace detail
{
struct verifier_base
{
  virtual ~verifier_base()       = default;
  virtual verification run() = 0;
};

template <class F>
struct verifier_holder final : verifier_base
{
  explicit verifier_holder(F fn)
      : f(std::move(fn))
  {}

  verification run() override
  {
    if constexpr (std::is_same_v<std::invoke_result_t<F&>, bool>)
    {
      return f() ? passed() : failed("verification failed");
    }
    else
    {
      static_assert(std::is_convertible_v<std::invoke_result_t<F&>, verification>,
                    "a verifier returns policytune::bench::verification (or bool)");
      return f();
    }
  }

  F f;
};

struct state_access;
} // namespace detail

class state;

namespace detail
{
/// The check of a state that registered no verifier of its own, or null: the NVBench
/// compatibility headers install one that compares the outputs with base's (reference_output.hpp).
/// It returns whether it verified anything, and sets `result`.
inline bool (*unverified_output_check)(const state&, verification& result) = nullptr;
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
  /// it until the stopping rule is met. Each sample is one call of `fn`, timed around the call
  /// (CUDA: events on launch.get_stream(), L2 flushed before; host: steady_clock).
  template <unsigned Flags, class Fn>
  void exec(exec_tag::tag<Flags>, Fn&& fn)
  {
    if (m_skipped)
    {
      return;
    }
    if (m_exec_called)
    {
      throw std::logic_error("state.exec() called more than once");
    }
    m_exec_called = true;

    constexpr bool user_timer = (Flags & exec_tag::timer.flags) != 0;
    launch l(m_backend->stream());
    detail::backend& b      = *m_backend;
    bool reported           = false; // the callable reported the sample's duration (sample_timer)
    double reported_seconds = 0;
    auto call               = [&](bool timed) {
      if constexpr (user_timer)
      {
        static_assert(std::is_invocable_v<Fn&, launch&, sample_timer&>,
                      "with exec_tag::timer the callable takes (nvbench::launch&, auto& timer)");
        sample_timer t(b);
        fn(l, t);
        if (timed && !t.complete())
        {
          throw std::logic_error(
            "exec_tag::timer: the callable must call timer.start() and timer.stop(), or timer.report_seconds()");
        }
        reported         = t.reported();
        reported_seconds = t.reported_seconds();
      }
      else
      {
        static_assert(std::is_invocable_v<Fn&, launch&> || std::is_invocable_v<Fn&>,
                      "the callable given to state.exec() takes (nvbench::launch&) or nothing");
        if (timed)
        {
          b.start();
        }
        if constexpr (std::is_invocable_v<Fn&, launch&>)
        {
          fn(l);
        }
        else
        {
          fn();
        }
        if (timed)
        {
          b.stop();
        }
      }
    };

    call(false);
    b.synchronize();
    if (m_verifier != nullptr)
    {
      verification v = m_verifier->run();
      if (!v.passed)
      {
        m_wrong_result = true;
        m_reason       = v.detail.empty() ? std::string("verification failed") : std::move(v.detail);
        return;
      }
      m_verified = true;
    }
    else if (detail::unverified_output_check != nullptr)
    {
      verification v;
      const bool checked = detail::unverified_output_check(*this, v);
      if (!v.passed)
      {
        m_wrong_result = true;
        m_reason       = v.detail.empty() ? std::string("verification failed") : std::move(v.detail);
        return;
      }
      m_verified = checked;
    }

    detail::sampler sampler(m_settings);
    do
    {
      b.before_sample();
      call(true);
      sampler.add(reported ? reported_seconds : b.elapsed_seconds());
    } while (!sampler.done());
    m_stats = sampler.stats();
  }

  template <class Fn>
  void exec(Fn&& fn)
  {
    exec(exec_tag::none, std::forward<Fn>(fn));
  }

private:
  friend struct detail::state_access;

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
