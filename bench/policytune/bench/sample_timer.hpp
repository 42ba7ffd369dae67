// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the timer an `exec_tag::timer` callable receives, to bracket the
// part of each call that is timed (or to report a duration it models).
#pragma once

#include <policytune/bench/backend.hpp>

namespace policytune::bench
{
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

  /// Whether the call timed itself: started and stopped, or reported a duration.
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
} // namespace policytune::bench
