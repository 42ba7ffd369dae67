// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the check a state runs on its output after the first call of
// state.exec()'s callable: the benchmark's own (state.verify_with), held without its type, or the
// one the NVBench compatibility headers install for benchmarks that register none.
#pragma once

#include <policytune/bench/verify.hpp>

#include <type_traits>
#include <utility>

namespace policytune::bench
{
class state;

namespace detail
{
/// A verifier registered with state.verify_with(), whatever its type.
struct verifier_base
{
  virtual ~verifier_base()   = default;
  virtual verification run() = 0;
};

/// A callable returning `verification`, or `bool` (false: "verification failed").
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

/// The check of a state that registered no verifier of its own, or null: the NVBench
/// compatibility headers install one that compares the outputs with base's (reference_output.hpp).
/// It returns whether it verified anything, and sets `result`.
inline bool (*unverified_output_check)(const state&, verification& result) = nullptr;
} // namespace detail
} // namespace policytune::bench
