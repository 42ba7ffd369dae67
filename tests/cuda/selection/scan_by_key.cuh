// Selection checks of policytune::device_exclusive_sum_by_key's hub, included by
// tests/cuda/policies_selection.cu (its helpers: Knobs, expect_test_variant, expect).
#pragma once

#include <policytune/device_scan_by_key.cuh>

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
template <class KeyT, class ValueT>
void check_scan_by_key(const char* what)
{
  using tuned = policytune::tuning::scan_exclusive_sum_by_key::policy_hub<KeyT, ValueT, ValueT, plus>;
  // CUB's hub takes the keys' iterator (reading its value type only): the API's own iterator here.
  using library = cub::detail::scan_by_key::policy_hub<const KeyT*, ValueT, ValueT, plus>;
  expect_test_variant<tuned, library, ScanByKeyKnobs>(
    what, Knobs{224, 11, cub::BLOCK_LOAD_DIRECT, cub::LOAD_CA, cub::BLOCK_STORE_DIRECT});
}

void check_scan_by_key_all()
{
  check_scan_by_key<std::int32_t, std::int32_t>("scan by key I32/I32");
  check_scan_by_key<std::int8_t, double>("scan by key I8/F64");
}

[[maybe_unused]] const void* const scan_by_key_instantiated[] = {
  reinterpret_cast<const void*>(
    &policytune::device_exclusive_sum_by_key<const int*, const int*, int*, ::cuda::std::equal_to<>, int>),
};
} // namespace
