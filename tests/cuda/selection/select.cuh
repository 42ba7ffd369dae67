// Selection checks of policytune::device_select_if and device_select_unique's hubs, and from CCCL 3.5
// their selectors, rendered in test mode (included by tests/cuda/policies_selection.cu, which defines
// Knobs, expect and friends).

#include "selector_checks.cuh"

struct SelectKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::SelectIfPolicyT;
    return {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER, p::SCAN_ALGORITHM};
  }
};

// The hub parameters cub::DeviceSelect::If and ::Unique dispatch with for a pointer output.
template <template <class, class, class, bool, cub::SelectImpl, int> class Hub, class T>
using select_hub = Hub<T, cub::NullType, cub::detail::select::per_partition_offset_t, false, cub::SelectImpl::Select, 0>;

// Whether a hub's policy for `Arch` keeps the look-back delay of CUB's own policy for `Arch`.
template <class Tuned, class Library, int Arch>
Knobs same_select_delay()
{
  using tuned   = typename policytune::hub::policy_at<typename Tuned::MaxPolicy, Arch>::type;
  using library = typename policytune::hub::policy_at<typename Library::MaxPolicy, Arch>::type;
  return {std::is_same_v<typename tuned::SelectIfPolicyT::detail::delay_constructor_t,
                         typename library::SelectIfPolicyT::detail::delay_constructor_t>};
}

template <class T>
void check_select_if(const char* what)
{
  using tuned   = select_hub<policytune::tuning::select_if::policy_hub, T>;
  using library = cub::detail::select::policy_hub<T, cub::NullType, cub::detail::select::per_partition_offset_t, false,
                                                  cub::SelectImpl::Select>;
  // %TEST% trp_1.ld_1.ipt_13.tpb_352 of bench/select/if.cu.
  expect_test_variant<tuned, library, SelectKnobs>(
    what, Knobs{352, 13, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA, cub::BLOCK_SCAN_WARP_SCANS});
  expect("keeps CUB's look-back delay", 900, same_select_delay<tuned, library, 900>(), Knobs{1});
}

template <class T>
void check_select_unique(const char* what)
{
  using tuned   = select_hub<policytune::tuning::select_unique::policy_hub, T>;
  using library = cub::detail::select::policy_hub<T, cub::NullType, cub::detail::select::per_partition_offset_t, false,
                                                  cub::SelectImpl::Select>;
  // %TEST% trp_1.ld_1.ipt_11.tpb_416 of bench/select/unique.cu.
  expect_test_variant<tuned, library, SelectKnobs>(
    what, Knobs{416, 11, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA, cub::BLOCK_SCAN_WARP_SCANS});
  expect("keeps CUB's look-back delay", 800, same_select_delay<tuned, library, 800>(), Knobs{1});
}

struct is_odd
{
  __host__ __device__ bool operator()(int x) const
  {
    return x % 2 != 0;
  }
};

#if CUB_VERSION >= 300500
// CCCL 3.5's selectors for what cub::DeviceSelect::If and ::Unique choose their own with (a pointer
// output, no flags, 64-bit offsets).
template <template <class, class, class, class, class, cub::SelectImpl, int> class Selector, class T>
using select_selector = Selector<T, const T*, cub::NullType*, T*, std::int64_t, cub::SelectImpl::Select, 0>;
template <class T>
using select_library = cub::detail::select::policy_selector_from_types<const T*, cub::NullType*, T*, std::int64_t,
                                                                       cub::SelectImpl::Select>;

Knobs select_policy_knobs(const cub::SelectPolicy& policy)
{
  const cub::SelectLookbackPolicy& p = policy.lookback;
  return {p.threads_per_block, p.items_per_thread, p.load_algorithm, p.load_modifier, p.scan_algorithm};
}

// The chained hub's policy for `Arch` as the public struct, as CUB 3.5 reads a hub
// (cub::detail::select::policy_selector_from_hub).
template <class Hub, int Arch>
cub::SelectPolicy chained_select_policy()
{
  using p = typename policytune::hub::policy_at<typename Hub::MaxPolicy, Arch>::type::SelectIfPolicyT;
  return {cub::SelectAlgorithm::lookback,
          {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER, p::SCAN_ALGORITHM,
           cub::detail::lookback_delay_policy_from_type<typename p::detail::delay_constructor_t>}};
}

template <class T>
void check_select_if_selector(const char* what)
{
  using tuned = select_selector<policytune::tuning::select_if_selector::policy_selector, T>;
  selector_checks::expect_test_variant<tuned, select_library<T>>(
    what, Knobs{352, 13, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA, cub::BLOCK_SCAN_WARP_SCANS},
    chained_select_policy<select_hub<policytune::tuning::select_if::policy_hub, T>, 900>(), select_policy_knobs);
}

template <class T>
void check_select_unique_selector(const char* what)
{
  using tuned = select_selector<policytune::tuning::select_unique_selector::policy_selector, T>;
  selector_checks::expect_test_variant<tuned, select_library<T>>(
    what, Knobs{416, 11, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA, cub::BLOCK_SCAN_WARP_SCANS},
    chained_select_policy<select_hub<policytune::tuning::select_unique::policy_hub, T>, 900>(), select_policy_knobs);
}
#endif

// The API instantiates with the hubs for the types a user passes (run only on a GPU elsewhere).
using two_phase_select_if =
  cudaError_t (*)(void*, std::size_t&, const int*, int*, long long*, std::int64_t, is_odd, cudaStream_t);
using two_phase_select_unique =
  cudaError_t (*)(void*, std::size_t&, const double*, double*, int*, std::int64_t, cudaStream_t);
[[maybe_unused]] const void* const select_instantiated[] = {
  reinterpret_cast<const void*>(two_phase_select_if{&policytune::device_select_if<const int*, int*, long long*, is_odd>}),
  reinterpret_cast<const void*>(two_phase_select_unique{&policytune::device_select_unique<const double*, double*, int*>}),
#if CUB_VERSION >= 300500
  // The forms without temporary storage, CCCL 3.5's environment overloads.
  reinterpret_cast<const void*>(static_cast<cudaError_t (*)(const int*, int*, long long*, std::int64_t, is_odd, cudaStream_t)>(
    &policytune::device_select_if<const int*, int*, long long*, is_odd>)),
  reinterpret_cast<const void*>(static_cast<cudaError_t (*)(const double*, double*, int*, std::int64_t, cudaStream_t)>(
    &policytune::device_select_unique<const double*, double*, int*>)),
#endif
};

const bool select_registered = register_checks([] {
  check_select_if<std::int32_t>("select.if I32");
  check_select_if<double>("select.if F64");
  check_select_unique<std::int64_t>("select.unique I64");
  check_select_unique<float>("select.unique F32");
#if CUB_VERSION >= 300500
  check_select_if_selector<std::int32_t>("select.if selector I32");
  check_select_if_selector<double>("select.if selector F64");
  check_select_unique_selector<std::int64_t>("select.unique selector I64");
  check_select_unique_selector<float>("select.unique selector F32");
#endif
});
