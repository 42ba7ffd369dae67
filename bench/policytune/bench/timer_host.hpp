// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the host back end. Times with std::chrono::steady_clock.
#pragma once

#include <policytune/bench/clock.hpp>

namespace policytune::bench
{
/// What nvbench::launch::get_stream() returns in a host build: there is no stream.
struct host_stream
{};

namespace detail
{
class host_backend
{
public:
  using stream_type = host_stream;

  stream_type stream() const noexcept { return {}; }

  /// Cold-cache preparation before a sample. Host samples are not flushed: evicting the last-level
  /// cache would cost more than the kernels measured, and host kernels stream through memory anyway.
  void before_sample() {}

  void start() { m_start = steady_clock::now(); }
  void stop() { m_stop = steady_clock::now(); }
  double elapsed_seconds() { return seconds_between(m_start, m_stop); }

  /// Waits for the work of the last launch: host work is done when the callable returns.
  void synchronize() {}

private:
  steady_clock::time_point m_start{};
  steady_clock::time_point m_stop{};
};
} // namespace detail
} // namespace policytune::bench
