// Selection checks of policytune::device_radix_sort_pairs's hub, rendered in test mode (included by
// tests/cuda/policies_selection.cu, which defines Knobs, expect, RadixSortKnobs and friends).

template <class KeyT, class ValueT, class OffsetT>
void check_radix_sort_pairs(const char* what)
{
  using tuned   = policytune::tuning::radix_sort_pairs::policy_hub<KeyT, ValueT, OffsetT>;
  using library = policytune::cccl::radix_sort_policy_hub<KeyT, ValueT, OffsetT>;
  // %TEST% bits_8.ipt_13.tpb_288 of bench/radix_sort/pairs.cu: ONESWEEP, the block's exact shape.
  expect_test_variant<tuned, library, RadixSortKnobs>(what, Knobs{1, 288, 13, 8});
}

[[maybe_unused]] const void* const radix_sort_pairs_instantiated[] = {
  reinterpret_cast<const void*>(&policytune::device_radix_sort_pairs<std::uint32_t, std::int32_t, int>),
};

const bool radix_sort_pairs_registered = register_checks([] {
  check_radix_sort_pairs<std::int32_t, std::int32_t, offset32>("radix_sort.pairs I32/I32/U32");
  check_radix_sort_pairs<double, std::int64_t, offset64>("radix_sort.pairs F64/I64/U64");
  check_radix_sort_pairs<std::int8_t, std::int16_t, offset32>("radix_sort.pairs I8/I16/U32");
});
