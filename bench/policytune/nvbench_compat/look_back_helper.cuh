// SPDX-License-Identifier: Apache-2.0
// PolicyTune's stand-in for CUB's <look_back_helper.cuh>: the decoupled look-back delay of a
// tuned variant, picked by three %RANGE% macros (TUNE_DELAY_CONSTRUCTOR_ID chooses the strategy,
// 0..7, TUNE_MAGIC_NS its delay, TUNE_L2_WRITE_LATENCY_NS the L2 write latency), as
// `delay_constructor_t`, and for CCCL 3.4's policy selectors as the value `delay_constructor_policy`.
// Base (TUNE_BASE) uses the library's own and gets nothing from here.
//
// The variant's part is guarded once per variant, not once per file: a batched build
// (bench/README.md) includes the benchmark once per variant, each copy needs the delay of its own
// variant, and <policytune/bench/variant_end.hpp> ends the guard after each copy. Within a copy
// the file may be included twice (CCCL 3.4's scan/policy_selector.h includes it after the source
// did). Where the macros are not defined yet (the includes hoisted before all variants) the part
// is left out.
#include <cub/agent/single_pass_scan_operators.cuh>

#include <nvbench_helper.cuh>

#if !TUNE_BASE && defined(TUNE_DELAY_CONSTRUCTOR_ID) && defined(TUNE_MAGIC_NS) && defined(TUNE_L2_WRITE_LATENCY_NS) \
  && !defined(POLICYTUNE_LOOK_BACK_HELPER_VARIANT_PART)
#  define POLICYTUNE_LOOK_BACK_HELPER_VARIANT_PART
using delay_constructors = ::nvbench::type_list<
  ::cub::detail::no_delay_constructor_t<TUNE_L2_WRITE_LATENCY_NS>,
  ::cub::detail::fixed_delay_constructor_t<TUNE_MAGIC_NS, TUNE_L2_WRITE_LATENCY_NS>,
  ::cub::detail::exponential_backoff_constructor_t<TUNE_MAGIC_NS, TUNE_L2_WRITE_LATENCY_NS>,
  ::cub::detail::exponential_backoff_jitter_constructor_t<TUNE_MAGIC_NS, TUNE_L2_WRITE_LATENCY_NS>,
  ::cub::detail::exponential_backoff_jitter_window_constructor_t<TUNE_MAGIC_NS, TUNE_L2_WRITE_LATENCY_NS>,
  ::cub::detail::exponential_backon_jitter_window_constructor_t<TUNE_MAGIC_NS, TUNE_L2_WRITE_LATENCY_NS>,
  ::cub::detail::exponential_backon_jitter_constructor_t<TUNE_MAGIC_NS, TUNE_L2_WRITE_LATENCY_NS>,
  ::cub::detail::exponential_backon_constructor_t<TUNE_MAGIC_NS, TUNE_L2_WRITE_LATENCY_NS>>;

using delay_constructor_t = ::nvbench::tl::get<TUNE_DELAY_CONSTRUCTOR_ID, delay_constructors>;
#  if CUB_VERSION >= 300400 && CUB_VERSION < 300500
#    include <cub/detail/delay_constructor.cuh>
// CCCL 3.4's selectors take the delay as a value (3.5 renamed what makes it: not given here yet).
inline constexpr auto delay_constructor_policy = ::cub::detail::delay_constructor_policy_from_type<delay_constructor_t>;
#  endif
#endif
