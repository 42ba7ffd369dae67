// Selection checks of policytune::device_merge_sort_keys' hub, included by
// tests/cuda/policies_selection.cu (its helpers: Knobs, expect_test_variant, expect).
#pragma once

#include <policytune/device_merge_sort.cuh>

namespace
{
struct MergeSortKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::MergeSortPolicy;
    return {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER, p::STORE_ALGORITHM};
  }
};

// %TEST% trp_0.ld_2.ipt_9.tpb_7 of bench/merge_sort/keys.cu: 128 threads, 9 items.
template <class KeyT>
void check_merge_sort(const char* what)
{
  using tuned = policytune::tuning::merge_sort_keys::policy_hub<KeyT>;
  // CUB's hub takes the keys' iterator (reading its value type only): the API's own iterator here.
  using library = cub::detail::merge_sort::policy_hub<KeyT*>;
  expect_test_variant<tuned, library, MergeSortKnobs>(
    what, Knobs{128, 9, cub::BLOCK_LOAD_DIRECT, cub::LOAD_CA, cub::BLOCK_STORE_DIRECT});
}

void check_merge_sort_all()
{
  check_merge_sort<std::int32_t>("merge sort I32");
  check_merge_sort<double>("merge sort F64");
}

[[maybe_unused]] const void* const merge_sort_instantiated[] = {
  reinterpret_cast<const void*>(
    &policytune::device_merge_sort_keys<int*, int, ::cuda::std::less<>>),
};
} // namespace
