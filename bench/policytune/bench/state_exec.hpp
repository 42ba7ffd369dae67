// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: state.exec(), what a benchmark calls to be measured (NVBench's
// detail/state_exec): once per state, nothing for a skipped one; the callable warmed up, its output
// verified, then sampled by the execution loop (measure_cold.hpp). Part of state.hpp.
#pragma once

#ifndef POLICYTUNE_BENCH_STATE_EXEC_GUARD
#  error "state_exec.hpp is part of state.hpp: include <policytune/bench/state.hpp>"
#endif

#include <policytune/bench/exec_tag.hpp>
#include <policytune/bench/measure_cold.hpp>

#include <stdexcept>
#include <type_traits>

namespace policytune::bench
{
template <unsigned Flags, class Fn>
void state::exec(exec_tag::tag<Flags>, Fn&& fn)
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

  detail::measure_cold<Flags, std::remove_reference_t<Fn>> cold(*m_backend, fn);
  cold.warm_up();
  if (!verify_output())
  {
    return;
  }
  m_stats = cold.sample(m_settings);
}
} // namespace policytune::bench
