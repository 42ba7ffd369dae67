// Selection checks of policytune::device_select_if and device_select_unique's hubs, rendered in test
// mode (included by tests/cuda/policies_selection.cu, which defines Knobs, expect and friends).

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

// The API instantiates with the hubs for the types a user passes (run only on a GPU elsewhere).
[[maybe_unused]] const void* const select_instantiated[] = {
  reinterpret_cast<const void*>(&policytune::device_select_if<const int*, int*, long long*, is_odd>),
  reinterpret_cast<const void*>(&policytune::device_select_unique<const double*, double*, int*>),
};

const bool select_registered = register_checks([] {
  check_select_if<std::int32_t>("select.if I32");
  check_select_if<double>("select.if F64");
  check_select_unique<std::int64_t>("select.unique I64");
  check_select_unique<float>("select.unique F32");
});
