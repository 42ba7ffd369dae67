// Selection checks of policytune::device_exclusive_sum_by_key's hub and, from CCCL 3.5, its selector,
// included by tests/cuda/policies_selection.cu (its helpers: Knobs, expect_test_variant, expect).
#pragma once

#include <policytune/device_scan_by_key.cuh>
// The chained hub, which the library includes up to CCCL 3.4 only.
#include <policytune/tuning/scan_exclusive_sum_by_key.cuh>

#include "selector_checks.cuh"

namespace
{
struct ScanByKeyKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::ScanByKeyPolicyT;
    return {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER, p::STORE_ALGORITHM};
  }
};

// %TEST% ipt_11.tpb_224.trp_0.ld_1 of bench/scan/exclusive/sum_by_key.cu.
const Knobs scan_by_key_test{224, 11, cub::BLOCK_LOAD_DIRECT, cub::LOAD_CA, cub::BLOCK_STORE_DIRECT};

template <class KeyT, class ValueT>
void check_scan_by_key(const char* what)
{
  using tuned = policytune::tuning::scan_exclusive_sum_by_key::policy_hub<KeyT, ValueT, ValueT, plus>;
  // CUB's hub takes the keys' iterator (reading its value type only): the API's own iterator here.
  using library = cub::detail::scan_by_key::policy_hub<const KeyT*, ValueT, ValueT, plus>;
  expect_test_variant<tuned, library, ScanByKeyKnobs>(what, scan_by_key_test);
}

#if CUB_VERSION >= 300500
template <class KeyT, class ValueT>
void check_scan_by_key_selector(const char* what)
{
  using tuned   = policytune::tuning::scan_exclusive_sum_by_key_selector::policy_selector<KeyT, ValueT, ValueT, plus>;
  using library = cub::detail::scan_by_key::policy_selector_from_types<KeyT, ValueT, ValueT, plus>;
  using chained = policytune::tuning::scan_exclusive_sum_by_key::policy_hub<KeyT, ValueT, ValueT, plus>;
  const auto knobs = [](const cub::ScanByKeyPolicy& policy) {
    const cub::ScanByKeyLookbackPolicy& p = policy.lookback;
    return Knobs{p.threads_per_block, p.items_per_thread, p.load_algorithm, p.load_modifier, p.store_algorithm};
  };
  selector_checks::expect_test_variant<tuned, library>(
    what,
    scan_by_key_test,
    cub::detail::scan_by_key::convert_policy<typename policytune::hub::policy_at<typename chained::MaxPolicy, 900>::type>(),
    knobs);
}
#endif

void check_scan_by_key_all()
{
  check_scan_by_key<std::int32_t, std::int32_t>("scan by key I32/I32");
  check_scan_by_key<std::int8_t, double>("scan by key I8/F64");
#if CUB_VERSION >= 300500
  check_scan_by_key_selector<std::int32_t, std::int32_t>("scan by key selector I32/I32");
  check_scan_by_key_selector<std::int8_t, double>("scan by key selector I8/F64");
#endif
}

using scan_by_key_two_phase =
  cudaError_t (*)(void*, std::size_t&, const int*, const int*, int*, int, ::cuda::std::equal_to<>, cudaStream_t);
[[maybe_unused]] const void* const scan_by_key_instantiated[] = {
  reinterpret_cast<const void*>(scan_by_key_two_phase{
    &policytune::device_exclusive_sum_by_key<const int*, const int*, int*, ::cuda::std::equal_to<>, int>}),
#if CUB_VERSION >= 300500
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(const int*, const int*, int*, int, ::cuda::std::equal_to<>, cudaStream_t)>(
      &policytune::device_exclusive_sum_by_key<const int*, const int*, int*, ::cuda::std::equal_to<>, int>)),
#endif
};
} // namespace
