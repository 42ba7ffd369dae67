// Selection checks of policytune::device_radix_sort_pairs's hub and, from CCCL 3.5, its selector,
// rendered in test mode (included by tests/cuda/policies_selection.cu, which defines Knobs, expect,
// RadixSortKnobs and friends).
#include "selector_checks.cuh"

template <class KeyT, class ValueT, class OffsetT>
void check_radix_sort_pairs(const char* what)
{
  using tuned   = policytune::tuning::radix_sort_pairs::policy_hub<KeyT, ValueT, OffsetT>;
  using library = policytune::cccl::radix_sort_policy_hub<KeyT, ValueT, OffsetT>;
  // %TEST% bits_8.ipt_13.tpb_288 of bench/radix_sort/pairs.cu: ONESWEEP, the block's exact shape.
  expect_test_variant<tuned, library, RadixSortKnobs>(what, Knobs{1, 288, 13, 8});
}

#if CUB_VERSION >= 300500
template <class KeyT, class ValueT, class OffsetT>
void check_radix_sort_pairs_selector(const char* what)
{
  using tuned   = policytune::tuning::radix_sort_pairs_selector::policy_selector<KeyT, ValueT, OffsetT>;
  using library = cub::detail::radix_sort::policy_selector_from_types<KeyT, ValueT, OffsetT>;
  using chained = policytune::tuning::radix_sort_pairs::policy_hub<KeyT, ValueT, OffsetT>;
  const auto knobs = [](const cub::RadixSortPolicy& policy) {
    return Knobs{policy.algorithm == cub::RadixSortAlgorithm::onesweep, policy.onesweep.threads_per_block,
                 policy.onesweep.items_per_thread, policy.onesweep.radix_bits};
  };
  selector_checks::expect_test_variant<tuned, library>(
    what,
    Knobs{1, 288, 13, 8},
    cub::detail::radix_sort::convert_policy<typename policytune::hub::policy_at<typename chained::MaxPolicy, 900>::type>(),
    knobs);
}
#endif

[[maybe_unused]] const void* const radix_sort_pairs_instantiated[] = {
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(
      void*, std::size_t&, const std::uint32_t*, std::uint32_t*, const std::int32_t*, std::int32_t*, int, int, int, cudaStream_t)>(
      &policytune::device_radix_sort_pairs<std::uint32_t, std::int32_t, int>)),
#if CUB_VERSION >= 300500
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(const std::uint32_t*, std::uint32_t*, const std::int32_t*, std::int32_t*, int, int, int, cudaStream_t)>(
      &policytune::device_radix_sort_pairs<std::uint32_t, std::int32_t, int>)),
#endif
};

const bool radix_sort_pairs_registered = register_checks([] {
  check_radix_sort_pairs<std::int32_t, std::int32_t, offset32>("radix_sort.pairs I32/I32/U32");
  check_radix_sort_pairs<double, std::int64_t, offset64>("radix_sort.pairs F64/I64/U64");
  check_radix_sort_pairs<std::int8_t, std::int16_t, offset32>("radix_sort.pairs I8/I16/U32");
#if CUB_VERSION >= 300500
  check_radix_sort_pairs_selector<std::int32_t, std::int32_t, offset32>("radix_sort.pairs selector I32/I32/U32");
  check_radix_sort_pairs_selector<double, std::int64_t, offset64>("radix_sort.pairs selector F64/I64/U64");
  check_radix_sort_pairs_selector<std::int8_t, std::int16_t, offset32>("radix_sort.pairs selector I8/I16/U32");
#endif
});
