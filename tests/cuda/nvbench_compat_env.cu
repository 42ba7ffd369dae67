// cub_bench_env hands CUB's environment-taking algorithms (CCCL 3.1 and later) the benchmark's
// caching allocator as their memory resource. Without it every timed call allocated its temporary
// storage with cudaMallocAsync and freed it: on an H100 that was most of a reduce's measured time
// (docs/results/cub-benchmarks-h100.md). Checked at compile time against each release that has
// the environment API (this file is built, never run): the resource is what the environment
// answers, it satisfies cuda::mr::resource, and CUB's own calls into it compile (two arguments
// before CCCL 3.4, the alignment too since).
#define POLICYTUNE_BENCH_NO_MAIN
#include <cub/device/device_reduce.cuh>

#include <device_side_benchmark.cuh>
#include <nvbench_helper.cuh>

#include <type_traits>
#include <utility>

static_assert(POLICYTUNE_NVBENCH_COMPAT_HAS_ENV, "built against a CCCL release without cuda::execution::tune");
static_assert(::cuda::mr::resource<caching_memory_resource>);

using bench_env_t = decltype(cub_bench_env(std::declval<caching_allocator_t&>(), std::declval<nvbench::launch&>()));
static_assert(std::is_same_v<std::remove_cvref_t<decltype(::cuda::mr::get_memory_resource(std::declval<const bench_env_t&>()))>,
                             caching_memory_resource>,
              "CUB would allocate its temporary storage itself, inside the timed region");

[[maybe_unused]] cudaError_t sum_through_bench_env(caching_allocator_t& alloc, nvbench::launch& launch, const int* in,
                                                   int* out, int n)
{
  return cub::DeviceReduce::Sum(in, out, n, cub_bench_env(alloc, launch));
}
