// Selection checks of policytune::device_merge_sort_keys' hub, and from CCCL 3.5 its selector,
// included by tests/cuda/policies_selection.cu (its helpers: Knobs, expect_test_variant, expect).
#pragma once

#include <policytune/device_merge_sort.cuh>

#include "selector_checks.cuh"

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

#if CUB_VERSION >= 300500
Knobs merge_sort_policy_knobs(const cub::MergeSortPolicy& p)
{
  return {p.threads_per_block, p.items_per_thread, p.load_algorithm, p.load_modifier, p.store_algorithm};
}

// CCCL 3.5's selector with the same %TEST% variant; at 9.0 the chained test hub's policy as the
// public struct, as CUB 3.5 reads a hub (cub::detail::merge_sort::policy_selector_from_hub).
template <class KeyT>
void check_merge_sort_selector(const char* what)
{
  using tuned   = policytune::tuning::merge_sort_keys_selector::policy_selector<KeyT>;
  using library = cub::detail::merge_sort::policy_selector_from_types<KeyT*>;
  using chained = typename policytune::hub::policy_at<typename policytune::tuning::merge_sort_keys::policy_hub<KeyT>::MaxPolicy,
                                                      900>::type::MergeSortPolicy;
  const cub::MergeSortPolicy chained_at_90{
    chained::BLOCK_THREADS, chained::ITEMS_PER_THREAD, chained::LOAD_ALGORITHM, chained::LOAD_MODIFIER,
    chained::STORE_ALGORITHM};
  selector_checks::expect_test_variant<tuned, library>(
    what, Knobs{128, 9, cub::BLOCK_LOAD_DIRECT, cub::LOAD_CA, cub::BLOCK_STORE_DIRECT}, chained_at_90,
    merge_sort_policy_knobs);
}
#endif

void check_merge_sort_all()
{
  check_merge_sort<std::int32_t>("merge sort I32");
  check_merge_sort<double>("merge sort F64");
#if CUB_VERSION >= 300500
  check_merge_sort_selector<std::int32_t>("merge sort selector I32");
  check_merge_sort_selector<double>("merge sort selector F64");
#endif
}

// The API instantiates with the hubs for the types a user passes (run only on a GPU elsewhere).
[[maybe_unused]] const void* const merge_sort_instantiated[] = {
  reinterpret_cast<const void*>(static_cast<cudaError_t (*)(void*, std::size_t&, int*, int, ::cuda::std::less<>, cudaStream_t)>(
    &policytune::device_merge_sort_keys<int*, int, ::cuda::std::less<>>)),
#if CUB_VERSION >= 300500
  // The form without temporary storage, CCCL 3.5's environment overload.
  reinterpret_cast<const void*>(static_cast<cudaError_t (*)(int*, int, ::cuda::std::less<>, cudaStream_t)>(
    &policytune::device_merge_sort_keys<int*, int, ::cuda::std::less<>>)),
#endif
};
} // namespace
