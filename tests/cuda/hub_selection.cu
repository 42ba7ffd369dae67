// Checks on the host what policy each architecture gets from a generated CUDA hub: the golden
// reduce hub (tests/data/hubs/golden/reduce_hub.cuh, which the generator's golden test keeps equal
// to what `policytune generate` renders). cub::ChainedPolicy::Invoke runs on the host; no GPU needed.
#include <cub/device/dispatch/tuning/tuning_reduce.cuh>
#include <cub/detail/choose_offset.cuh>
#include <cuda/std/functional>

#include <cstdio>

#include "reduce_hub.cuh"

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
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
