// Selection checks of policytune::device_partition_three_way's hub, and from CCCL 3.5 its selector,
// rendered in test mode (included by tests/cuda/policies_selection.cu, which defines Knobs, expect
// and friends).

#include "selector_checks.cuh"

struct ThreeWayKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::ThreeWayPartitionPolicy;
    return {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER, p::SCAN_ALGORITHM};
  }
};

template <class T>
void check_partition_three_way(const char* what)
{
  using offset_t = cub::detail::three_way_partition::per_partition_offset_t;
  using tuned    = policytune::tuning::partition_three_way::policy_hub<T, offset_t>;
  using library  = cub::detail::three_way_partition::policy_hub<T, offset_t>;
  // %TEST% trp_1.ipt_13.tpb_352 of bench/partition/three_way.cu.
  expect_test_variant<tuned, library, ThreeWayKnobs>(
    what, Knobs{352, 13, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_DEFAULT, cub::BLOCK_SCAN_WARP_SCANS});
}

struct below
{
  int threshold;
  __host__ __device__ bool operator()(int x) const
  {
    return x < threshold;
  }
};

#if CUB_VERSION >= 300500
// CCCL 3.5's selector, keyed as cub::DevicePartition::If chooses its own: the items' type and the
// 32-bit offsets of the partitions it streams through.
Knobs three_way_policy_knobs(const cub::ThreeWayPartitionPolicy& policy)
{
  const cub::ThreeWayPartitionLookbackPolicy& p = policy.lookback;
  return {p.threads_per_block, p.items_per_thread, p.load_algorithm, p.load_modifier, p.scan_algorithm};
}

template <class T>
void check_partition_three_way_selector(const char* what)
{
  using offset_t = cub::detail::three_way_partition::per_partition_offset_t;
  using tuned    = policytune::tuning::partition_three_way_selector::policy_selector<T, offset_t>;
  using library  = cub::detail::three_way_partition::policy_selector_from_types<T, offset_t>;
  // The chained test hub's policy at 9.0 as the public struct, as CUB 3.5 reads a hub
  // (cub::detail::three_way_partition::policy_selector_from_hub).
  using chained =
    typename policytune::hub::policy_at<typename policytune::tuning::partition_three_way::policy_hub<T, offset_t>::MaxPolicy,
                                        900>::type::ThreeWayPartitionPolicy;
  const cub::ThreeWayPartitionPolicy chained_at_90{
    cub::ThreeWayPartitionAlgorithm::lookback,
    {chained::BLOCK_THREADS, chained::ITEMS_PER_THREAD, chained::LOAD_ALGORITHM, chained::LOAD_MODIFIER,
     chained::SCAN_ALGORITHM, cub::detail::lookback_delay_policy_from_type<typename chained::detail::delay_constructor_t>}};
  selector_checks::expect_test_variant<tuned, library>(
    what, Knobs{352, 13, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_DEFAULT, cub::BLOCK_SCAN_WARP_SCANS}, chained_at_90,
    three_way_policy_knobs);
}
#endif

// The API instantiates with the hubs for the types a user passes (run only on a GPU elsewhere).
using two_phase_partition_three_way = cudaError_t (*)(
  void*, std::size_t&, const int*, int*, int*, int*, int*, long long, below, below, cudaStream_t);
[[maybe_unused]] const void* const partition_instantiated[] = {
  reinterpret_cast<const void*>(two_phase_partition_three_way{
    &policytune::device_partition_three_way<const int*, int*, int*, int*, int*, below, below, long long>}),
#if CUB_VERSION >= 300500
  // The form without temporary storage, CCCL 3.5's environment overload.
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(const int*, int*, int*, int*, int*, long long, below, below, cudaStream_t)>(
      &policytune::device_partition_three_way<const int*, int*, int*, int*, int*, below, below, long long>)),
#endif
};

const bool partition_registered = register_checks([] {
  check_partition_three_way<std::int32_t>("partition.three_way I32");
  check_partition_three_way<std::int8_t>("partition.three_way I8");
  check_partition_three_way<double>("partition.three_way F64");
#if CUB_VERSION >= 300500
  check_partition_three_way_selector<std::int32_t>("partition.three_way selector I32");
  check_partition_three_way_selector<std::int8_t>("partition.three_way selector I8");
  check_partition_three_way_selector<double>("partition.three_way selector F64");
#endif
});
