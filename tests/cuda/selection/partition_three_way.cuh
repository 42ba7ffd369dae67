// Selection checks of policytune::device_partition_three_way's hub, rendered in test mode (included
// by tests/cuda/policies_selection.cu, which defines Knobs, expect and friends).

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

[[maybe_unused]] const void* const partition_instantiated[] = {
  reinterpret_cast<const void*>(
    &policytune::device_partition_three_way<const int*, int*, int*, int*, int*, below, below, long long>),
};

const bool partition_registered = register_checks([] {
  check_partition_three_way<std::int32_t>("partition.three_way I32");
  check_partition_three_way<std::int8_t>("partition.three_way I8");
  check_partition_three_way<double>("partition.three_way F64");
});
