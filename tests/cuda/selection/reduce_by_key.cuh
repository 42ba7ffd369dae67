// Selection checks of policytune::device_reduce_by_key's hub and, from CCCL 3.5, its selector,
// rendered in test mode (included by tests/cuda/policies_selection.cu, which defines Knobs, expect and
// friends).
#include "selector_checks.cuh"

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

// %TEST% ipt_11.tpb_416.trp_1.ld_1 of bench/reduce/by_key.cu.
const Knobs reduce_by_key_test{416, 11, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA, cub::BLOCK_SCAN_WARP_SCANS};

template <class KeyT, class AccumT>
void check_reduce_by_key(const char* what)
{
  using tuned   = policytune::tuning::reduce_by_key::policy_hub<plus, AccumT, KeyT>;
  using library = cub::detail::reduce_by_key::policy_hub<plus, AccumT, KeyT>;
  expect_test_variant<tuned, library, ReduceByKeyKnobs>(what, reduce_by_key_test);
  // Measured with plus: a user's operator keeps CUB's policy, as CUB's own tunings do.
  using user_tuned   = policytune::tuning::reduce_by_key::policy_hub<user_sum, AccumT, KeyT>;
  using user_library = cub::detail::reduce_by_key::policy_hub<user_sum, AccumT, KeyT>;
  expect("reduce.by_key with a user's operator keeps CUB's", 900, select<user_tuned, ReduceByKeyKnobs>(900),
         select<user_library, ReduceByKeyKnobs>(900));
}

#if CUB_VERSION >= 300500
Knobs reduce_by_key_selector_knobs(const cub::ReduceByKeyPolicy& policy)
{
  const cub::ReduceByKeyLookbackPolicy& p = policy.lookback;
  return {p.threads_per_block, p.items_per_thread, p.load_algorithm, p.load_modifier, p.scan_algorithm};
}

// The chained hub's policy for sm_90 as cub::ReduceByKeyPolicy, as CUB 3.5's policy_selector_from_hub
// converts it.
template <class Hub>
cub::ReduceByKeyPolicy reduce_by_key_chained_policy_at_90()
{
  using p = typename policytune::hub::policy_at<typename Hub::MaxPolicy, 900>::type::ReduceByKeyPolicyT;
  return {cub::ReduceByKeyAlgorithm::lookback,
          {p::BLOCK_THREADS,
           p::ITEMS_PER_THREAD,
           p::LOAD_ALGORITHM,
           p::LOAD_MODIFIER,
           p::SCAN_ALGORITHM,
           cub::detail::lookback_delay_policy_from_type<typename p::detail::delay_constructor_t>}};
}

template <class KeyT, class AccumT>
void check_reduce_by_key_selector(const char* what)
{
  using tuned   = policytune::tuning::reduce_by_key_selector::policy_selector<plus, AccumT, KeyT>;
  using library = cub::detail::reduce_by_key::policy_selector_from_types<plus, AccumT, KeyT>;
  using chained = policytune::tuning::reduce_by_key::policy_hub<plus, AccumT, KeyT>;
  selector_checks::expect_test_variant<tuned, library>(
    what, reduce_by_key_test, reduce_by_key_chained_policy_at_90<chained>(), reduce_by_key_selector_knobs);
  // A user's operator keeps CUB's policy, as the chained hub does. (CUB 3.5's own selector and hub
  // differ there, LOAD_LDG against LOAD_DEFAULT at sm_90: the selector follows CUB's selector.)
  using user_tuned   = policytune::tuning::reduce_by_key_selector::policy_selector<user_sum, AccumT, KeyT>;
  using user_library = cub::detail::reduce_by_key::policy_selector_from_types<user_sum, AccumT, KeyT>;
  const ::cuda::compute_capability cc90(9, 0);
  selector_checks::expect_policy("reduce.by_key selector with a user's operator keeps CUB's", 90, user_tuned{}(cc90),
                                 user_library{}(cc90), reduce_by_key_selector_knobs);
}
#endif

using reduce_by_key_two_phase = cudaError_t (*)(void*, std::size_t&, const int*, int*, const float*, float*, int*, plus, int, cudaStream_t);
[[maybe_unused]] const void* const reduce_by_key_instantiated[] = {
  reinterpret_cast<const void*>(reduce_by_key_two_phase{
    &policytune::device_reduce_by_key<const int*, int*, const float*, float*, int*, plus, int>}),
#if CUB_VERSION >= 300500
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(const int*, int*, const float*, float*, int*, plus, int, cudaStream_t)>(
      &policytune::device_reduce_by_key<const int*, int*, const float*, float*, int*, plus, int>)),
#endif
};

const bool reduce_by_key_registered = register_checks([] {
  check_reduce_by_key<std::int32_t, float>("reduce.by_key I32/F32");
  check_reduce_by_key<std::int64_t, std::int64_t>("reduce.by_key I64/I64");
  check_reduce_by_key<std::int8_t, double>("reduce.by_key I8/F64");
#if CUB_VERSION >= 300500
  check_reduce_by_key_selector<std::int32_t, float>("reduce.by_key selector I32/F32");
  check_reduce_by_key_selector<std::int64_t, std::int64_t>("reduce.by_key selector I64/I64");
  check_reduce_by_key_selector<std::int8_t, double>("reduce.by_key selector I8/F64");
#endif
});
