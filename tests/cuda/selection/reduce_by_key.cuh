// Selection checks of policytune::device_reduce_by_key's hub, rendered in test mode (included by
// tests/cuda/policies_selection.cu, which defines Knobs, expect and friends).

struct ReduceByKeyKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::ReduceByKeyPolicyT;
    return {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER, p::SCAN_ALGORITHM};
  }
};

// An operator of the user's: not one CUB's tunings (or PolicyTune's measurement) know.
struct user_sum
{
  template <class A, class B>
  __host__ __device__ auto operator()(A a, B b) const
  {
    return a + b;
  }
};

template <class KeyT, class AccumT>
void check_reduce_by_key(const char* what)
{
  using tuned   = policytune::tuning::reduce_by_key::policy_hub<plus, AccumT, KeyT>;
  using library = cub::detail::reduce_by_key::policy_hub<plus, AccumT, KeyT>;
  // %TEST% ipt_11.tpb_416.trp_1.ld_1 of bench/reduce/by_key.cu.
  expect_test_variant<tuned, library, ReduceByKeyKnobs>(
    what, Knobs{416, 11, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA, cub::BLOCK_SCAN_WARP_SCANS});
  // Measured with plus: a user's operator keeps CUB's policy, as CUB's own tunings do.
  using user_tuned   = policytune::tuning::reduce_by_key::policy_hub<user_sum, AccumT, KeyT>;
  using user_library = cub::detail::reduce_by_key::policy_hub<user_sum, AccumT, KeyT>;
  expect("reduce.by_key with a user's operator keeps CUB's", 900, select<user_tuned, ReduceByKeyKnobs>(900),
         select<user_library, ReduceByKeyKnobs>(900));
}

[[maybe_unused]] const void* const reduce_by_key_instantiated[] = {
  reinterpret_cast<const void*>(&policytune::device_reduce_by_key<const int*, int*, const float*, float*, int*, plus, int>),
};

const bool reduce_by_key_registered = register_checks([] {
  check_reduce_by_key<std::int32_t, float>("reduce.by_key I32/F32");
  check_reduce_by_key<std::int64_t, std::int64_t>("reduce.by_key I64/I64");
  check_reduce_by_key<std::int8_t, double>("reduce.by_key I8/F64");
});
