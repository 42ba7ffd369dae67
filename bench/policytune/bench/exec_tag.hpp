// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: nvbench::exec_tag, how state.exec() is asked to run its callable.
#pragma once

namespace policytune::bench
{
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

/// Whether the tags `Flags` include `timer`: the callable times itself.
template <unsigned Flags>
inline constexpr bool has_timer = (Flags & timer.flags) != 0;
} // namespace exec_tag
} // namespace policytune::bench
