// Checks on the host what policy each architecture gets from a generated CUDA hub: the golden
// reduce hub (tests/data/hubs/golden/reduce_hub.cuh, which the generator's golden test keeps equal
// to what `policytune generate` renders). cub::ChainedPolicy::Invoke runs on the host; no GPU needed.
#include <cub/device/dispatch/tuning/tuning_reduce.cuh>
#include <cub/detail/choose_offset.cuh>
#include <cuda/std/functional>

#include <cstdint>
#include <cstdio>

#include <policytune/detail/range_dispatch.cuh>

#include "reduce_hub.cuh"
#include "reduce_hub_classes.cuh"
#include "reduce_hub_classes_dispatch.cuh"
#include "reduce_hub_dispatch.cuh"
#include "reduce_hub_traits.cuh"
#if CUB_VERSION >= 300500
// The same database rendered as policy selectors (templates/reduce_selector.mustache, CCCL 3.5 and later).
#  include "reduce_selector.cuh"
#  include "reduce_selector_dispatch.cuh"
#endif

namespace
{
struct Selected
{
  int threads = 0;
  int items   = 0;
  int vector  = 0;

  template <class Policy>
  cudaError_t Invoke()
  {
    using reduce = typename Policy::ReducePolicy;
    threads      = reduce::BLOCK_THREADS;
    items        = reduce::ITEMS_PER_THREAD;
    vector       = reduce::VECTOR_LOAD_LENGTH;
    return cudaSuccess;
  }
};

template <class Hub>
Selected select(int ptx_version)
{
  Selected selected;
  if (Hub::MaxPolicy::Invoke(ptx_version, selected) != cudaSuccess)
  {
    selected.threads = -1;
  }
  return selected;
}

// The offsets cub::DeviceReduce dispatches with for 32-bit and 64-bit counts.
using offset32 = cub::detail::choose_offset_t<int>;
using offset64 = cub::detail::choose_offset_t<long long>;

template <class T, class OffsetT = offset32>
using generated = policytune::tests::policy_hub<T, OffsetT, ::cuda::std::plus<>>;
template <class T, class OffsetT = offset32>
using library = cub::detail::reduce::policy_hub<T, OffsetT, ::cuda::std::plus<>>;

int passed = 0;
int failed = 0;

void expect(bool ok, const char* what, int ptx, const Selected& got)
{
  (ok ? passed : failed)++;
  std::printf("%s: %s at %d (threads %d, items %d, vector %d)\n", ok ? "ok" : "FAILED", what, ptx, got.threads,
              got.items, got.vector);
}

void expect_tuned(const char* what, Selected got, int ptx, int threads, int items, int vector)
{
  expect(got.threads == threads && got.items == items && got.vector == vector, what, ptx, got);
}

void expect_same(const char* what, int ptx, const Selected& got, const Selected& want)
{
  expect(got.threads == want.threads && got.items == want.items && got.vector == want.vector && got.threads > 0, what,
         ptx, got);
}

template <class T, class OffsetT = offset32>
void expect_library(const char* what, int ptx)
{
  expect_same(what, ptx, select<generated<T, OffsetT>>(ptx), select<library<T, OffsetT>>(ptx));
}
// The golden hub rendered with --dispatch Elements{io} (tests/support/recorded_results.cpp's
// size-dependent results): F32 has three ranges on sm_80 (base, ipt_7, ipt_16; thresholds 2^18 and
// 2^22) and two on sm_90 (ipt_7, ipt_16; threshold 2^22); I32 on sm_90 has one policy everywhere.
template <class T, int Range = 0>
using by_size = policytune::tests::by_size::policy_hub<T, offset32, ::cuda::std::plus<>, Range>;

void expect_range(const char* what, int ptx, long long elements, int want)
{
  const int got = by_size<float>::select_range(ptx, elements);
  (got == want ? passed : failed)++;
  std::printf("%s: %s at %d, %lld elements: range %d (want %d)\n", got == want ? "ok" : "FAILED", what, ptx, elements, got,
              want);
}

// What the library API does: the range for the size, then the hub of that range through its chain.
template <class T>
Selected select_by_size(int ptx, long long elements)
{
  Selected selected;
  const int range = by_size<T>::select_range(ptx, elements);
  policytune::detail::with_range<by_size<T>::range_count>(range, [&](auto range_constant) {
    selected = select<by_size<T, decltype(range_constant)::value>>(ptx);
    return cudaSuccess;
  });
  return selected;
}

void check_size_dispatch()
{
  static_assert(by_size<float>::range_count == 3, "the most ranges of any link: sm_80's three");
  static_assert(by_size<int>::range_count == 1, "one policy everywhere");
  static_assert(by_size<double>::range_count == 1, "not measured");
  // The thresholds: each a literal between two measured sizes, at their geometric midpoint.
  expect_range("sm_90 below the measured sizes takes the lowest range", 900, 1, 0);
  expect_range("sm_90 at 2^20", 900, 1 << 20, 0);
  expect_range("sm_90 just below the 2^22 threshold", 900, (1 << 22) - 1, 0);
  expect_range("sm_90 at the 2^22 threshold", 900, 1 << 22, 1);
  expect_range("sm_90 above the measured sizes takes the highest range", 900, 1LL << 40, 1);
  expect_range("sm_80 at 2^16", 800, 1 << 16, 0);
  expect_range("sm_80 just below the 2^18 threshold", 800, (1 << 18) - 1, 0);
  expect_range("sm_80 at the 2^18 threshold", 800, 1 << 18, 1);
  expect_range("sm_80 just below the 2^22 threshold", 800, (1 << 22) - 1, 1);
  expect_range("sm_80 at the 2^22 threshold", 800, 1 << 22, 2);
  // This hub's links are sm_80 and sm_90: sm_100 is a GPU nobody measured, CUB's one policy.
  expect_range("sm_100 is above every link: one range", 1000, (1 << 22) - 1, 0);
  expect_range("sm_100 is above every link: one range", 1000, 1 << 22, 0);
  expect_range("sm_75 is below every link: one range", 750, 1 << 28, 0);
  expect_range("sm_120 is above every link: one range", 1200, 1 << 22, 0);
  // Each range's policy, through the chain.
  expect_tuned("F32 2^16 on sm_90: ipt_7", select_by_size<float>(900, 1 << 16), 900, 128, 7, 2);
  expect_tuned("F32 2^28 on sm_90: ipt_16", select_by_size<float>(900, 1 << 28), 900, 512, 16, 2);
  expect_tuned("F32 2^20 on sm_80: ipt_7", select_by_size<float>(800, 1 << 20), 800, 128, 7, 2);
  expect_tuned("F32 2^24 on sm_80: ipt_16", select_by_size<float>(800, 1 << 24), 800, 512, 16, 2);
  expect_tuned("I32 2^16 on sm_90: its one policy", select_by_size<int>(900, 1 << 16), 900, 512, 16, 2);
  expect_tuned("I32 2^28 on sm_90: its one policy", select_by_size<int>(900, 1 << 28), 900, 512, 16, 2);
  const Selected base_range = select_by_size<float>(800, 1 << 16);
  const Selected library_80 = select<library<float>>(800);
  expect(base_range.threads == library_80.threads && base_range.items == library_80.items
           && base_range.vector == library_80.vector,
         "F32 2^16 on sm_80: the base range is CUB's policy",
         800,
         base_range);
  const Selected below = select_by_size<float>(750, 1 << 20);
  const Selected library_75 = select<library<float>>(750);
  expect(below.threads == library_75.threads && below.items == library_75.items, "F32 on sm_75 is CUB's", 750, below);
}
// A hub keyed on the offset's size, not its type (tests/data/hubs/templates/reduce_traits.mustache), with
// a non-type parameter: any 4-byte offset gets what U32 offsets measured.
template <class T, class OffsetT = offset32>
using traits = policytune::tests::traits_hub<T, OffsetT, ::cuda::std::plus<>, false>;

void check_trait_keys()
{
  expect_same("traits: F32 with U32 offsets on sm_90 is tuned", 900, select<traits<float>>(900), select<generated<float>>(900));
  expect_same("traits: I32 on sm_80 is tuned", 800, select<traits<int>>(800), select<generated<int>>(800));
  expect_tuned("traits: F32 with int offsets (4 bytes) takes U32's policy", select<traits<float, int>>(900), 900, 512, 16, 2);
  expect_same("traits: F32 with 8-byte offsets is CUB's", 900, select<traits<float, offset64>>(900),
              select<library<float, offset64>>(900));
}

// A hub with class keys (tests/data/hubs/templates/reduce_classes.mustache, `class: sizeof(AccumT), OffsetT`):
// a type without a link of its own takes its size class's policy where the class's measured types
// agreed (sm_90: I32 and F32), else CUB's; measured types keep their own links.
template <class T, class OffsetT = offset32>
using classes = policytune::tests::class_hub<T, OffsetT, ::cuda::std::plus<>>;
template <class T, int Range = 0>
using classes_by_size = policytune::tests::by_size::class_hub<T, offset32, ::cuda::std::plus<>, Range>;

struct four
{
  int v;
};
struct eight
{
  int a;
  int b;
};
struct twelve
{
  int a;
  int b;
  int c;
};
static_assert(sizeof(four) == 4 && sizeof(eight) == 8 && sizeof(twelve) == 12, "the classes the checks rely on");
static_assert(::cuda::std::is_same_v<offset32, ::std::uint32_t>, "the measured offsets, U32");

template <class T, class OffsetT = offset32>
void expect_library_class(const char* what, int ptx)
{
  expect_same(what, ptx, select<classes<T, OffsetT>>(ptx), select<library<T, OffsetT>>(ptx));
}

void check_class_keys()
{
  // Class links: what I32 and F32 agreed on (ipt_16.tpb_512.ipv_1), for any 4-byte accumulator.
  expect_tuned("classes: a 4-byte struct takes its class's policy on sm_90", select<classes<four>>(900), 900, 512, 16, 2);
  expect_tuned("classes: U32 (not measured) takes the class's policy", select<classes<unsigned>>(900), 900, 512, 16, 2);
  expect_tuned("classes: sm_100 borrows sm_90's class links", select<classes<four>>(1000), 1000, 512, 16, 2);
  expect_tuned("classes: 4 bytes with 64-bit offsets: the (4, U64) class's policy",
               select<classes<four, ::std::uint64_t>>(900), 900, 256, 12, 4);
  // No class link: the library's default.
  expect_library_class<four>("classes: a 4-byte struct on sm_80 is CUB's (I32 and F32 disagree there)", 800);
  expect_library_class<eight>("classes: an 8-byte struct is CUB's (F64 and I64 disagree)", 900);
  expect_library_class<twelve>("classes: a 12-byte struct is CUB's (V3 kept base)", 900);
  expect_library_class<short>("classes: 2-byte short is CUB's (U16 kept base)", 900);
  expect_library_class<four, int>("classes: 4 bytes with int offsets is CUB's (offsets are exact)", 900);
  expect_library_class<four>("classes: below the lowest link CUB's chain decides", 750);
  expect_library_class<four>("classes: above the highest link (sm_100) CUB's chain decides", 1200);
  // Exact links come first (AgentReducePolicy scales items to the type: ipt_7 is 3 items of 8 bytes).
  expect_tuned("classes: F64 keeps its own link", select<classes<double>>(900), 900, 128, 3, 2);
  expect_tuned("classes: I64 keeps its own link", select<classes<::std::int64_t>>(900), 900, 512, 8, 2);
  expect_tuned("classes: I32 keeps its own link on sm_80", select<classes<int>>(800), 800, 256, 20, 4);
  expect_tuned("classes: F32 keeps its own link on sm_80", select<classes<float>>(800), 800, 384, 12, 2);
  expect_tuned("classes: C32 (of no stated size) keeps its own link",
               select<classes<::cuda::std::complex<float>>>(900), 900, 256, 6, 4);
  expect_library_class<::cuda::std::complex<float>>("classes: C32 on sm_80 is CUB's", 800);

  // With --dispatch: the class's ranges and selector serve a 4-byte type without its own.
  static_assert(classes_by_size<four>::range_count == 2, "the class's two ranges");
  static_assert(classes_by_size<eight>::range_count == 1, "no class link: one range");
  for (const auto& [elements, range] : {::cuda::std::pair<long long, int>{1LL << 16, 0}, {(1LL << 22) - 1, 0},
                                        {1LL << 22, 1}, {1LL << 28, 1}})
  {
    const int got = classes_by_size<four>::select_range(900, elements);
    (got == range ? passed : failed)++;
    std::printf("%s: classes: a 4-byte struct at %lld elements on sm_90: range %d (want %d)\n",
                got == range ? "ok" : "FAILED", elements, got, range);
  }
  expect((classes_by_size<four>::select_range(800, 1LL << 28) == 0), "classes: sm_80 has no class selector", 800,
         select<classes_by_size<four, 0>>(800));
  expect_tuned("classes: range 0 of the 4-byte class", select<classes_by_size<four, 0>>(900), 900, 128, 7, 2);
  expect_tuned("classes: range 1 of the 4-byte class", select<classes_by_size<four, 1>>(900), 900, 512, 16, 2);
  expect_tuned("classes: F64 keeps its own one policy with --dispatch", select<classes_by_size<double, 1>>(900), 900,
               128, 3, 2);
  expect_same("classes: an 8-byte struct with --dispatch is CUB's", 900, select<classes_by_size<eight>>(900),
              select<library<eight>>(900));
}

#if CUB_VERSION >= 300500
template <class T, class OffsetT = offset32>
using selector = policytune::tests::policy_selector<T, OffsetT, ::cuda::std::plus<>>;
template <class T, class OffsetT = offset32>
using library_selector = cub::detail::reduce::policy_selector_from_types<T, OffsetT, ::cuda::std::plus<>>;

constexpr ::cuda::compute_capability cc_of(int ptx)
{
  return ::cuda::compute_capability(ptx / 10);
}

Selected from_policy(const ::cub::ReducePolicy& policy)
{
  return {policy.multi_tile.threads_per_block, policy.multi_tile.items_per_thread, policy.multi_tile.vec_size};
}

template <class Selector>
Selected select_from(int ptx)
{
  return from_policy(Selector{}(cc_of(ptx)));
}

template <class T, class OffsetT = offset32>
void expect_library_selector(const char* what, int ptx)
{
  const bool ok = selector<T, OffsetT>{}(cc_of(ptx)) == library_selector<T, OffsetT>{}(cc_of(ptx));
  expect(ok, what, ptx, select_from<selector<T, OffsetT>>(ptx));
}

// The selector format of the same database: tuned workloads get exactly what the chained hub gives;
// untuned ones get CCCL's own selector's policy for the device itself.
void check_selector()
{
  static_assert(selector<float>{}(cc_of(900)).multi_tile.threads_per_block == 512, "a selector is constexpr");
  static_assert(selector<float>{}(cc_of(900)).single_tile == selector<float>{}(cc_of(900)).multi_tile,
                "the template sets both passes");
  for (int ptx : {800, 900, 1000})
  {
    expect_same("selector: F32 as the chained hub", ptx, select_from<selector<float>>(ptx), select<generated<float>>(ptx));
  }
  expect_same("selector: I32 on sm_80 as the chained hub", 800, select_from<selector<int>>(800), select<generated<int>>(800));
  expect_library_selector<int>("selector: I32 on sm_90 is CCCL's selector (within noise)", 900);
  expect_library_selector<int>("selector: I32 on sm_100 is CCCL's selector for sm_100", 1000);
  expect_library_selector<double>("selector: F64 on sm_80 is CCCL's selector (not measured)", 800);
  expect_library_selector<double>("selector: F64 on sm_90 is CCCL's selector", 900);
  expect_library_selector<float, offset64>("selector: F32 with 64-bit offsets is CCCL's selector", 900);
  expect_library_selector<float>("selector: F32 on sm_75 is CCCL's selector", 750);
  // Above the highest link (sm_100, filled from sm_90): a GPU nobody measured, CCCL's own selector.
  expect_library_selector<float>("selector: F32 on sm_120 is CCCL's selector", 1200);
  expect_library_selector<int>("selector: I32 on sm_120 is CCCL's selector", 1200);

  // By size: the same thresholds and the same policy per range as the chained hub's.
  using by_size_selector = policytune::tests::by_size::policy_selector<float, offset32, ::cuda::std::plus<>>;
  static_assert(by_size_selector::range_count == by_size<float>::range_count, "the same ranges");
  for (int ptx : {750, 800, 900, 1000, 1200})
  {
    for (long long elements : {1LL, (1LL << 18) - 1, 1LL << 18, (1LL << 22) - 1, 1LL << 22, 1LL << 40})
    {
      const int got  = by_size_selector::select_range(cc_of(ptx), elements);
      const int want = by_size<float>::select_range(ptx, elements);
      (got == want ? passed : failed)++;
      std::printf("%s: selector range at %d, %lld elements: %d (chained hub %d)\n", got == want ? "ok" : "FAILED", ptx,
                  elements, got, want);
    }
  }
  expect_same("selector: F32 range 0 on sm_90", 900,
              select_from<policytune::tests::by_size::policy_selector<float, offset32, ::cuda::std::plus<>, 0>>(900),
              select<by_size<float, 0>>(900));
  expect_same("selector: F32 range 1 on sm_90", 900,
              select_from<policytune::tests::by_size::policy_selector<float, offset32, ::cuda::std::plus<>, 1>>(900),
              select<by_size<float, 1>>(900));
  expect_same("selector: F32 range 1 on sm_80", 800,
              select_from<policytune::tests::by_size::policy_selector<float, offset32, ::cuda::std::plus<>, 1>>(800),
              select<by_size<float, 1>>(800));
}
#endif
} // namespace

int main()
{
  // Tuned: each measured architecture gets its own winner.
  expect_tuned("F32 tuned on sm_80", select<generated<float>>(800), 800, 384, 12, 2);
  expect_tuned("F32 tuned on sm_90", select<generated<float>>(900), 900, 512, 16, 2);
  expect_tuned("I32 tuned on sm_80", select<generated<int>>(800), 800, 256, 20, 4);
  // sm_100 has no measurements: its link takes sm_90's winners (and CUB's sm_100 policy elsewhere).
  expect_tuned("F32 on sm_100 from the sm_90 link", select<generated<float>>(1000), 1000, 512, 16, 2);
  // Untuned workloads fall back to the library's policy for that architecture.
  expect_library<int>("I32 on sm_90 falls back to CUB (within noise)", 900);
  expect_library<double>("F64 on sm_90 falls back to CUB (variants slower)", 900);
  expect_library<double>("F64 on sm_80 falls back to CUB (not measured)", 800);
  expect_library<int>("I32 on sm_100 (not measured) falls back to CUB's policy for sm_100", 1000);
  // Tuned for 32-bit offsets only: 64-bit offsets are another compile-time workload.
  expect_library<float, offset64>("F32 with 64-bit offsets on sm_90 is CUB's (not measured)", 900);
  // Below the lowest tuned architecture the library's own chain decides, and above the highest link
  // (sm_100 here), on a GPU nobody measured, too: exactly CUB's policy for it.
  expect_library<float>("F32 on sm_75 is CUB's", 750);
  expect_library<float>("F32 on sm_120 (above every link) is CUB's", 1200);
  expect_library<int>("I32 on sm_120 (above every link) is CUB's", 1200);

  check_size_dispatch();
  check_trait_keys();
  check_class_keys();
#if CUB_VERSION >= 300500
  check_selector();
#endif
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
