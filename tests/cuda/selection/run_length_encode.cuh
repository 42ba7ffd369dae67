// Selection checks of policytune::device_run_length_encode's and device_non_trivial_runs' hubs, and
// from CCCL 3.5 their selectors, included by tests/cuda/policies_selection.cu (its helpers: Knobs,
// expect_test_variant, expect).
#pragma once

#include <policytune/device_run_length_encode.cuh>

#include "selector_checks.cuh"

namespace
{
struct EncodeKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::ReduceByKeyPolicyT;
    return {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER};
  }
};
struct NonTrivialRunsKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::RleSweepPolicyT;
    return {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER, p::STORE_WARP_TIME_SLICING};
  }
};

// %TEST% ipt_9.tpb_160.trp_1.ld_1 of bench/run_length_encode/encode.cu and
// ipt_9.tpb_160.trp_0.ld_1.ts_0 of bench/run_length_encode/non_trivial_runs.cu.
template <class KeyT, class LengthT>
void check_run_length(const char* what)
{
  using encode_tuned   = policytune::tuning::run_length_encode::policy_hub<LengthT, KeyT>;
  using encode_library = cub::detail::rle::encode::policy_hub<LengthT, KeyT>;
  expect_test_variant<encode_tuned, encode_library, EncodeKnobs>(
    what, Knobs{160, 9, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA});
  using runs_tuned   = policytune::tuning::non_trivial_runs::policy_hub<LengthT, KeyT>;
  using runs_library = cub::detail::rle::non_trivial_runs::policy_hub<LengthT, KeyT>;
  expect_test_variant<runs_tuned, runs_library, NonTrivialRunsKnobs>(
    what, Knobs{160, 9, cub::BLOCK_LOAD_DIRECT, cub::LOAD_CA, 0});
}

#if CUB_VERSION >= 300500
Knobs encode_policy_knobs(const cub::RleEncodePolicy& policy)
{
  const cub::RleLookbackPolicy& p = policy.lookback;
  return {p.threads_per_block, p.items_per_thread, p.load_algorithm, p.load_modifier};
}
Knobs non_trivial_runs_policy_knobs(const cub::RleNonTrivialRunsPolicy& policy)
{
  const cub::RleNonTrivialRunsLookbackPolicy& p = policy.lookback;
  return {p.threads_per_block, p.items_per_thread, p.load_algorithm, p.load_modifier, p.store_with_time_slicing};
}

// CCCL 3.5's selectors, with the same %TEST% variants; at 9.0 the chained test hubs' policies as the
// public structs, as CUB 3.5 reads a hub (reduce_by_key's and rle's policy_selector_from_hub).
template <class KeyT, class LengthT>
void check_run_length_selectors(const char* what)
{
  using encode_tuned   = policytune::tuning::run_length_encode_selector::policy_selector<LengthT, KeyT>;
  using encode_library = cub::detail::rle::encode::policy_selector_from_types<LengthT, KeyT>;
  using encode_chained =
    typename policytune::hub::policy_at<typename policytune::tuning::run_length_encode::policy_hub<LengthT, KeyT>::MaxPolicy,
                                        900>::type::ReduceByKeyPolicyT;
  const cub::RleEncodePolicy encode_at_90{
    cub::RleAlgorithm::lookback,
    {encode_chained::BLOCK_THREADS, encode_chained::ITEMS_PER_THREAD, encode_chained::LOAD_ALGORITHM,
     encode_chained::LOAD_MODIFIER, encode_chained::SCAN_ALGORITHM,
     cub::detail::lookback_delay_policy_from_type<typename encode_chained::detail::delay_constructor_t>}};
  selector_checks::expect_test_variant<encode_tuned, encode_library>(
    what, Knobs{160, 9, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA}, encode_at_90, encode_policy_knobs);

  using runs_tuned   = policytune::tuning::non_trivial_runs_selector::policy_selector<LengthT, KeyT>;
  using runs_library = cub::detail::rle::non_trivial_runs::policy_selector_from_types<LengthT, KeyT>;
  using runs_chained =
    typename policytune::hub::policy_at<typename policytune::tuning::non_trivial_runs::policy_hub<LengthT, KeyT>::MaxPolicy,
                                        900>::type::RleSweepPolicyT;
  const cub::RleNonTrivialRunsPolicy runs_at_90{
    cub::RleNonTrivialRunsAlgorithm::lookback,
    {runs_chained::BLOCK_THREADS, runs_chained::ITEMS_PER_THREAD, runs_chained::LOAD_ALGORITHM,
     runs_chained::LOAD_MODIFIER, runs_chained::STORE_WARP_TIME_SLICING, runs_chained::SCAN_ALGORITHM,
     cub::detail::lookback_delay_policy_from_type<typename runs_chained::detail::delay_constructor_t>}};
  selector_checks::expect_test_variant<runs_tuned, runs_library>(
    what, Knobs{160, 9, cub::BLOCK_LOAD_DIRECT, cub::LOAD_CA, 0}, runs_at_90, non_trivial_runs_policy_knobs);
}
#endif

void check_run_length_all()
{
  check_run_length<std::int32_t, int>("run-length I32/I32");
  check_run_length<double, int>("run-length F64/I32");
  check_run_length<std::int8_t, int>("run-length I8/I32");
#if CUB_VERSION >= 300500
  check_run_length_selectors<std::int32_t, int>("run-length selectors I32/I32");
  check_run_length_selectors<double, int>("run-length selectors F64/I32");
  check_run_length_selectors<std::int8_t, int>("run-length selectors I8/I32");
#endif
}

// The API instantiates with the hubs for the types a user passes (run only on a GPU elsewhere).
using two_phase_run_length = cudaError_t (*)(void*, std::size_t&, const int*, int*, int*, int*, int, cudaStream_t);
[[maybe_unused]] const void* const run_length_instantiated[] = {
  reinterpret_cast<const void*>(
    two_phase_run_length{&policytune::device_run_length_encode<const int*, int*, int*, int*, int>}),
  reinterpret_cast<const void*>(
    two_phase_run_length{&policytune::device_non_trivial_runs<const int*, int*, int*, int*, int>}),
#if CUB_VERSION >= 300500
  // The forms without temporary storage, CCCL 3.5's environment overloads.
  reinterpret_cast<const void*>(static_cast<cudaError_t (*)(const int*, int*, int*, int*, int, cudaStream_t)>(
    &policytune::device_run_length_encode<const int*, int*, int*, int*, int>)),
  reinterpret_cast<const void*>(static_cast<cudaError_t (*)(const int*, int*, int*, int*, int, cudaStream_t)>(
    &policytune::device_non_trivial_runs<const int*, int*, int*, int*, int>)),
#endif
};
} // namespace
