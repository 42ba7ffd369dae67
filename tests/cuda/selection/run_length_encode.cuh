// Selection checks of policytune::device_run_length_encode's and device_non_trivial_runs' hubs,
// included by tests/cuda/policies_selection.cu (its helpers: Knobs, expect_test_variant, expect).
#pragma once

#include <policytune/device_run_length_encode.cuh>

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

void check_run_length_all()
{
  check_run_length<std::int32_t, int>("run-length I32/I32");
  check_run_length<double, int>("run-length F64/I32");
  check_run_length<std::int8_t, int>("run-length I8/I32");
}

[[maybe_unused]] const void* const run_length_instantiated[] = {
  reinterpret_cast<const void*>(&policytune::device_run_length_encode<const int*, int*, int*, int*, int>),
  reinterpret_cast<const void*>(&policytune::device_non_trivial_runs<const int*, int*, int*, int*, int>),
};
} // namespace
