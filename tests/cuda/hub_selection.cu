// Checks on the host what policy each architecture gets from a generated CUDA hub: the golden
// reduce hub (tests/data/hubs/golden/reduce_hub.cuh, which the generator's golden test keeps equal
// to what `policytune generate` renders). cub::ChainedPolicy::Invoke runs on the host; no GPU needed.
#include <cub/device/dispatch/tuning/tuning_reduce.cuh>
#include <cub/detail/choose_offset.cuh>
#include <cuda/std/functional>

#include <cstdio>

#include <policytune/detail/range_dispatch.cuh>

#include "reduce_hub.cuh"
#include "reduce_hub_dispatch.cuh"

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

template <class T, class OffsetT = offset32>
void expect_library(const char* what, int ptx)
{
  const Selected got  = select<generated<T, OffsetT>>(ptx);
  const Selected want = select<library<T, OffsetT>>(ptx);
  expect(got.threads == want.threads && got.items == want.items && got.vector == want.vector && got.threads > 0, what,
         ptx, got);
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
  expect_range("sm_100 takes sm_90's thresholds", 1000, (1 << 22) - 1, 0);
  expect_range("sm_100 takes sm_90's thresholds", 1000, 1 << 22, 1);
  expect_range("sm_75 is below every link: one range", 750, 1 << 28, 0);
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
} // namespace

int main()
{
  // Tuned: each measured architecture gets its own winner.
  expect_tuned("F32 tuned on sm_80", select<generated<float>>(800), 800, 384, 12, 2);
  expect_tuned("F32 tuned on sm_90", select<generated<float>>(900), 900, 512, 16, 2);
  expect_tuned("I32 tuned on sm_80", select<generated<int>>(800), 800, 256, 20, 4);
  // sm_100 has no measurements: the nearest lower link (sm_90) serves it.
  expect_tuned("F32 on sm_100 from the sm_90 link", select<generated<float>>(1000), 1000, 512, 16, 2);
  // Untuned workloads fall back to the library's policy for that architecture.
  expect_library<int>("I32 on sm_90 falls back to CUB (within noise)", 900);
  expect_library<double>("F64 on sm_90 falls back to CUB (variants slower)", 900);
  expect_library<double>("F64 on sm_80 falls back to CUB (not measured)", 800);
  expect_library<int>("I32 on sm_100 falls back to CUB's policy for sm_90's link", 1000);
  // Tuned for 32-bit offsets only: 64-bit offsets are another compile-time workload.
  expect_library<float, offset64>("F32 with 64-bit offsets on sm_90 is CUB's (not measured)", 900);
  // Below the lowest tuned architecture the library's own chain decides.
  expect_library<float>("F32 on sm_75 is CUB's", 750);

  check_size_dispatch();
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
