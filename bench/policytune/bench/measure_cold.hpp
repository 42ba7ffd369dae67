// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the execution loop of state.exec() (NVBench's measure_cold): the
// callable called once untimed (the warm-up, whose output the state verifies), then sampled cold,
// one call per sample with the cache flushed before it, until the stopping rule holds.
#pragma once

#include <policytune/bench/backend.hpp>
#include <policytune/bench/exec_tag.hpp>
#include <policytune/bench/launch.hpp>
#include <policytune/bench/sample_timer.hpp>
#include <policytune/bench/stats.hpp>

#include <stdexcept>
#include <type_traits>

namespace policytune::bench::detail
{
/// One callable given to state.exec() with the tags `Flags`, on the back end `b`.
template <unsigned Flags, class Fn>
class measure_cold
{
public:
  measure_cold(backend& b, Fn& fn) noexcept
      : m_backend(b)
      , m_launch(b.stream())
      , m_fn(fn)
  {}

  /// The first call, untimed and waited for: what the state verifies before sampling.
  void warm_up()
  {
    call(false);
    m_backend.synchronize();
  }

  /// Samples until `settings`' stopping rule holds. Each sample is one call, timed around the call
  /// (CUDA: events on launch.get_stream(), L2 flushed before; host: steady_clock) or by the
  /// callable's own timer.
  sample_stats sample(const run_settings& settings)
  {
    sampler samples(settings);
    do
    {
      m_backend.before_sample();
      samples.add(call(true));
    } while (!samples.done());
    return samples.stats();
  }

private:
  /// Calls the callable as its tags say; timed, returns the sample's seconds.
  double call(bool timed)
  {
    if constexpr (exec_tag::has_timer<Flags>)
    {
      static_assert(std::is_invocable_v<Fn&, launch&, sample_timer&>,
                    "with exec_tag::timer the callable takes (nvbench::launch&, auto& timer)");
      sample_timer timer(m_backend);
      m_fn(m_launch, timer);
      if (!timed)
      {
        return 0;
      }
      if (!timer.complete())
      {
        throw std::logic_error(
          "exec_tag::timer: the callable must call timer.start() and timer.stop(), or timer.report_seconds()");
      }
      return timer.reported() ? timer.reported_seconds() : m_backend.elapsed_seconds();
    }
    else
    {
      static_assert(std::is_invocable_v<Fn&, launch&> || std::is_invocable_v<Fn&>,
                    "the callable given to state.exec() takes (nvbench::launch&) or nothing");
      if (timed)
      {
        m_backend.start();
      }
      if constexpr (std::is_invocable_v<Fn&, launch&>)
      {
        m_fn(m_launch);
      }
      else
      {
        m_fn();
      }
      if (!timed)
      {
        return 0;
      }
      m_backend.stop();
      return m_backend.elapsed_seconds();
    }
  }

  backend& m_backend;
  launch m_launch;
  Fn& m_fn;
};
} // namespace policytune::bench::detail
