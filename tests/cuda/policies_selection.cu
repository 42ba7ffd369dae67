// Checks on the host which policy each architecture gets through the shipped library API's hubs,
// rendered in test mode (every compile-time workload tuned to the benchmark's %TEST% variant on
// sm_80 and sm_90; tests/CMakeLists.txt renders them with policies/regenerate.cmake and puts them
// ahead of policies/ on the include path). cub::ChainedPolicy::Invoke runs on the host.
#include <policytune/policytune.cuh>

#include "selection/chained_hubs.cuh" // the library includes them up to CCCL 3.4 only

#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

namespace
{
using offset32 = cub::detail::choose_offset_t<int>;
using offset64 = cub::detail::choose_offset_t<long long>;
using plus     = ::cuda::std::plus<>;

// A policy's knobs as plain numbers, so that policies of different hubs compare.
using Knobs = std::vector<long long>;

struct ReduceKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::ReducePolicy;
    return {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::VECTOR_LOAD_LENGTH, p::LOAD_MODIFIER};
  }
};
struct ScanKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::ScanPolicyT;
    return {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::STORE_ALGORITHM, p::LOAD_MODIFIER};
  }
};
struct RadixSortKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::OnesweepPolicy;
    return {Policy::ONESWEEP, p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::RADIX_BITS};
  }
};

template <class Extract>
struct Selected
{
  Knobs knobs;
  template <class Policy>
  cudaError_t Invoke()
  {
    knobs = Extract::template of<Policy>();
    return cudaSuccess;
  }
};

template <class Hub, class Extract>
Knobs select(int ptx_version)
{
  Selected<Extract> selected;
  if (Hub::MaxPolicy::Invoke(ptx_version, selected) != cudaSuccess)
  {
    return {};
  }
  return selected.knobs;
}

std::string text(const Knobs& knobs)
{
  std::string out;
  for (long long k : knobs)
  {
    out += (out.empty() ? "" : ",") + std::to_string(k);
  }
  return "{" + out + "}";
}

int passed = 0;
int failed = 0;

void expect(const char* what, int ptx, const Knobs& got, const Knobs& want)
{
  const bool ok = !got.empty() && got == want;
  (ok ? passed : failed)++;
  std::printf("%s: %s at %d: got %s, want %s\n", ok ? "ok" : "FAILED", what, ptx, text(got).c_str(), text(want).c_str());
}

void expect_differs(const char* what, const Knobs& a, const Knobs& b)
{
  const bool ok = a != b;
  (ok ? passed : failed)++;
  std::printf("%s: %s (%s vs %s)\n", ok ? "ok" : "FAILED", what, text(a).c_str(), text(b).c_str());
}

// Checks that files of their own (selection/<algorithm>.cuh) register, run by main after the others.
std::vector<void (*)()>& registered_checks()
{
  static std::vector<void (*)()> checks;
  return checks;
}
bool register_checks(void (*check)())
{
  registered_checks().push_back(check);
  return true;
}

// The hubs rendered in test mode give `test` on sm_80 and sm_90, the architectures they have links
// for, and exactly CUB's own policy below sm_80 and above sm_90 (GPUs nobody measured: sm_100,
// sm_120); `test` differs from CUB's, so the check can tell them apart.
template <class Tuned, class Library, class Extract>
void expect_test_variant(const char* what, const Knobs& test)
{
  for (int ptx : {800, 900})
  {
    expect(what, ptx, select<Tuned, Extract>(ptx), test);
  }
  for (int ptx : {750, 1000, 1200})
  {
    expect(what, ptx, select<Tuned, Extract>(ptx), select<Library, Extract>(ptx));
  }
  expect_differs(what, test, select<Library, Extract>(900));
}

// %TEST% ipt_16.tpb_512.ipv_1 of bench/reduce/sum.cu, as templates/reduce.mustache renders it.
template <class AccumT>
using reduce_test_policy =
  cub::AgentReducePolicy<512, 16, AccumT, 2, cub::BLOCK_REDUCE_WARP_REDUCTIONS, cub::LOAD_LDG>;

// What a hub holding only the test variant gives, in the shape ReduceKnobs reads.
template <class T>
struct reduce_test_variant
{
  using ReducePolicy = reduce_test_policy<T>;
};

template <class T, class OffsetT>
void check_reduce(const char* what)
{
  using tuned   = policytune::tuning::reduce_sum::policy_hub<T, OffsetT, plus>;
  using library = cub::detail::reduce::policy_hub<T, OffsetT, plus>;
  expect_test_variant<tuned, library, ReduceKnobs>(what, ReduceKnobs::of<reduce_test_variant<T>>());
}

// %TEST% ipt_15.tpb_256.trp_1.ld_0 of bench/scan/exclusive/sum.cu.
template <class AccumT>
using scan_test_policy =
  cub::AgentScanPolicy<256,
                       15,
                       AccumT,
                       cub::BLOCK_LOAD_WARP_TRANSPOSE,
                       cub::LOAD_DEFAULT,
                       cub::BLOCK_STORE_WARP_TRANSPOSE,
                       cub::BLOCK_SCAN_WARP_SCANS>;

template <class T, class OffsetT>
void check_scan(const char* what)
{
  using tuned   = policytune::tuning::scan_exclusive_sum::policy_hub<T, T, T, OffsetT, plus>;
  using library = cub::detail::scan::policy_hub<T, T, T, OffsetT, plus>;
  struct wanted
  {
    using ScanPolicyT = scan_test_policy<T>;
  };
  expect_test_variant<tuned, library, ScanKnobs>(what, ScanKnobs::of<wanted>());
}

// %TEST% bits_8.ipt_12.tpb_256 of bench/radix_sort/keys.cu: ONESWEEP, 256 threads, 12 items, 8 bits.
template <class KeyT, class OffsetT>
void check_radix_sort(const char* what)
{
  using tuned   = policytune::tuning::radix_sort_keys::policy_hub<KeyT, cub::NullType, OffsetT>;
  using library = policytune::cccl::radix_sort_policy_hub<KeyT, cub::NullType, OffsetT>;
  expect_test_variant<tuned, library, RadixSortKnobs>(what, Knobs{1, 256, 12, 8});
  // Keys-only tunings never reach key-value sorts: those keep CUB's policy.
  using pairs_tuned   = policytune::tuning::radix_sort_keys::policy_hub<KeyT, int, OffsetT>;
  using pairs_library = policytune::cccl::radix_sort_policy_hub<KeyT, int, OffsetT>;
  expect("key-value sort keeps CUB's", 900, select<pairs_tuned, RadixSortKnobs>(900),
         select<pairs_library, RadixSortKnobs>(900));
}

// The API instantiates with the hubs for the types a user passes (run only on a GPU elsewhere).
using two_phase_reduce = cudaError_t (*)(void*, std::size_t&, const float*, float*, int, cudaStream_t);
using two_phase_reduce64 = cudaError_t (*)(void*, std::size_t&, const double*, double*, long long, cudaStream_t);
[[maybe_unused]] const void* const instantiated[] = {
  reinterpret_cast<const void*>(two_phase_reduce{&policytune::device_reduce_sum<const float*, float*, int>}),
  reinterpret_cast<const void*>(two_phase_reduce64{&policytune::device_reduce_sum<const double*, double*, long long>}),
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(void*, std::size_t&, const int*, int*, int, cudaStream_t)>(
      &policytune::device_exclusive_sum<const int*, int*, int>)),
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(void*, std::size_t&, const std::int64_t*, std::int64_t*, long long, cudaStream_t)>(
      &policytune::device_exclusive_sum<const std::int64_t*, std::int64_t*, long long>)),
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(void*, std::size_t&, const std::uint32_t*, std::uint32_t*, int, int, int, cudaStream_t)>(
      &policytune::device_radix_sort_keys<std::uint32_t, int>)),
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(void*, std::size_t&, const double*, double*, long long, int, int, cudaStream_t)>(
      &policytune::device_radix_sort_keys<double, long long>)),
#if CUB_VERSION >= 300500
  // The environment overloads (CCCL 3.5 and later).
  reinterpret_cast<const void*>(
    static_cast<cudaError_t (*)(const float*, float*, int, cudaStream_t)>(&policytune::device_reduce_sum<const float*, float*, int>)),
  reinterpret_cast<const void*>(static_cast<cudaError_t (*)(const int*, int*, int, cudaStream_t)>(
    &policytune::device_exclusive_sum<const int*, int*, int>)),
  reinterpret_cast<const void*>(static_cast<cudaError_t (*)(const double*, double*, long long, int, int, cudaStream_t)>(
    &policytune::device_radix_sort_keys<double, long long>)),
#endif
};

// What every CCCL 3.5 selector check asserts, shared by this file and the per-algorithm ones.
#include "selection/selector_checks.cuh"

// One file per algorithm (issue 20's ten): their checks and API instantiations.
#include "selection/partition_three_way.cuh"
#include "selection/radix_sort_pairs.cuh"
#include "selection/reduce_by_key.cuh"
#include "selection/select.cuh"
} // namespace

// The algorithms of issue 20, one file each: their checks, and the API instantiated with their hubs.
#include "selection/histogram.cuh"
#include "selection/merge_sort.cuh"
#include "selection/run_length_encode.cuh"
#include "selection/scan_by_key.cuh"

#if CUB_VERSION >= 300500
// The API's policy selectors (CCCL 3.5 and later), rendered in test mode from the same benchmarks
// (selection/selector_checks.cuh): the %TEST% variant on sm_80 and sm_90, equal to the chained test
// hub's policy at sm_90 as CUB's public struct, and exactly CUB's own selector's policy below sm_80
// and above sm_90.

// A chained hub's policy for a PTX version (900), as the link cub::ChainedPolicy picks.
template <class Hub, int Arch>
using chained_policy_at = typename policytune::hub::policy_at<typename Hub::MaxPolicy, Arch>::type;

// A chained reduce policy as cub::ReducePolicy, as CUB 3.5's policy_selector_from_hub converts it.
template <class Link>
cub::ReducePolicy reduce_public_policy()
{
  using multi_tile  = typename Link::ReducePolicy;
  using single_tile = typename Link::SingleTilePolicy;
  return {{multi_tile::BLOCK_THREADS, multi_tile::ITEMS_PER_THREAD, multi_tile::VECTOR_LOAD_LENGTH,
           multi_tile::BLOCK_ALGORITHM, multi_tile::LOAD_MODIFIER},
          {single_tile::BLOCK_THREADS, single_tile::ITEMS_PER_THREAD, single_tile::VECTOR_LOAD_LENGTH,
           single_tile::BLOCK_ALGORITHM, single_tile::LOAD_MODIFIER}};
}

Knobs reduce_selector_knobs(const cub::ReducePolicy& policy)
{
  return {policy.multi_tile.threads_per_block, policy.multi_tile.items_per_thread, policy.multi_tile.vec_size,
          policy.multi_tile.load_modifier};
}

template <class T, class OffsetT>
void check_reduce_selector(const char* what)
{
  using tuned   = policytune::tuning::reduce_sum_selector::policy_selector<T, OffsetT, plus>;
  using library = cub::detail::reduce::policy_selector_from_types<T, OffsetT, plus>;
  using chained = policytune::tuning::reduce_sum::policy_hub<T, OffsetT, plus>;
  selector_checks::expect_test_variant<tuned, library>(
    what, ReduceKnobs::of<reduce_test_variant<T>>(), reduce_public_policy<chained_policy_at<chained, 900>>(),
    reduce_selector_knobs);
}

Knobs scan_selector_knobs(const cub::ScanPolicy& policy)
{
  const cub::ScanLookbackPolicy& p = policy.lookback;
  return {p.threads_per_block, p.items_per_thread, p.load_algorithm, p.store_algorithm, p.load_modifier};
}

template <class T, class OffsetT>
void check_scan_selector(const char* what)
{
  // The iterators device_exclusive_sum passes for pointers.
  using tuned   = policytune::tuning::scan_exclusive_sum_selector::policy_selector<const T*, T*, T, OffsetT, plus>;
  using library = cub::detail::scan::policy_selector_from_types<const T*, T*, T, OffsetT, plus>;
  using chained = policytune::tuning::scan_exclusive_sum::policy_hub<T, T, T, OffsetT, plus>;
  struct wanted
  {
    using ScanPolicyT = scan_test_policy<T>;
  };
  selector_checks::expect_test_variant<tuned, library>(
    what, ScanKnobs::of<wanted>(), cub::detail::scan::convert_policy<chained_policy_at<chained, 900>>(),
    scan_selector_knobs);
}

Knobs radix_sort_selector_knobs(const cub::RadixSortPolicy& policy)
{
  return {policy.algorithm == cub::RadixSortAlgorithm::onesweep, policy.onesweep.threads_per_block,
          policy.onesweep.items_per_thread, policy.onesweep.radix_bits};
}

template <class KeyT, class ValueT, class OffsetT>
cub::RadixSortPolicy chained_radix_sort_policy_at_90()
{
  using chained = policytune::tuning::radix_sort_keys::policy_hub<KeyT, ValueT, OffsetT>;
  return cub::detail::radix_sort::convert_policy<chained_policy_at<chained, 900>>();
}

template <class KeyT, class OffsetT>
void check_radix_sort_selector(const char* what)
{
  using tuned   = policytune::tuning::radix_sort_keys_selector::policy_selector<KeyT, cub::NullType, OffsetT>;
  using library = cub::detail::radix_sort::policy_selector_from_types<KeyT, cub::NullType, OffsetT>;
  // %TEST% bits_8.ipt_12.tpb_256 of bench/radix_sort/keys.cu, as check_radix_sort reads it.
  selector_checks::expect_test_variant<tuned, library>(
    what, Knobs{1, 256, 12, 8}, chained_radix_sort_policy_at_90<KeyT, cub::NullType, OffsetT>(), radix_sort_selector_knobs);
  // Keys-only tunings never reach key-value sorts: those keep CUB's policy, as the chained hub does.
  using pairs_tuned   = policytune::tuning::radix_sort_keys_selector::policy_selector<KeyT, int, OffsetT>;
  using pairs_library = cub::detail::radix_sort::policy_selector_from_types<KeyT, int, OffsetT>;
  const ::cuda::compute_capability cc90(9, 0);
  selector_checks::expect_policy(
    "key-value sort keeps CUB's", 90, pairs_tuned{}(cc90), pairs_library{}(cc90), radix_sort_selector_knobs);
  selector_checks::expect_policy("key-value sort: the chained hub's policy", 90, pairs_tuned{}(cc90),
                                 chained_radix_sort_policy_at_90<KeyT, int, OffsetT>(), radix_sort_selector_knobs);
}
#endif

int main()
{
  check_reduce<float, offset32>("reduce F32/U32");
  check_reduce<std::int64_t, offset64>("reduce I64/U64");
  check_reduce<double, offset32>("reduce F64/U32");
  check_scan<float, offset32>("scan F32/U32");
  check_scan<std::int64_t, offset64>("scan I64/U64");
  check_scan<std::int32_t, offset32>("scan I32/U32");
#if CUB_VERSION >= 300500 && CUB_VERSION < 300600
  {
    // Issue 51's case, literally: CCCL 3.5.0 tunes the int32 exclusive sum for sm_100 itself (384
    // threads x 22 items); a hub with no sm_100 link must hand it over, not its sm_90 policy.
    using tuned      = policytune::tuning::scan_exclusive_sum::policy_hub<int, int, int, offset32, plus>;
    const Knobs got  = select<tuned, ScanKnobs>(1000);
    const Knobs size = got.size() >= 2 ? Knobs{got[0], got[1]} : Knobs{};
    expect("scan I32/U32 on sm_100: CUB 3.5.0's own sm_100 tuning", 1000, size, Knobs{384, 22});
  }
#endif
  check_radix_sort<std::int32_t, offset32>("radix sort I32/U32");
  check_radix_sort<double, offset64>("radix sort F64/U64");
  check_radix_sort<std::int8_t, offset32>("radix sort I8/U32");
#if CUB_VERSION >= 300500
  check_reduce_selector<float, offset32>("reduce selector F32/U32");
  check_reduce_selector<std::int64_t, offset64>("reduce selector I64/U64");
  check_reduce_selector<double, offset32>("reduce selector F64/U32");
  // The issue's case: an int32 exclusive sum with 32-bit offsets, which CUB tunes for sm_100.
  check_scan_selector<std::int32_t, offset32>("scan selector I32/U32");
  check_scan_selector<float, offset32>("scan selector F32/U32");
  check_scan_selector<std::int64_t, offset64>("scan selector I64/U64");
  check_radix_sort_selector<std::int32_t, offset32>("radix sort selector I32/U32");
  check_radix_sort_selector<double, offset64>("radix sort selector F64/U64");
  check_radix_sort_selector<std::int8_t, offset32>("radix sort selector I8/U32");
#endif
  for (auto check : registered_checks())
  {
    check();
  }
  check_scan_by_key_all();
  check_run_length_all();
  check_histogram_all();
  check_merge_sort_all();
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
