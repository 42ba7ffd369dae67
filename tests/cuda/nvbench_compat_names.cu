// The names CUB's benchmarks' type axes get from PolicyTune's <nvbench_helper.cuh>, and the CUB names
// it gives back where the benchmarks still spell them (detail/moved_names.cuh), checked where
// they are made: at compile time (this file is built, never run). A wrong spelling would build a
// variant of another type than base measured.
#define POLICYTUNE_BENCH_NO_MAIN
#include <device_side_benchmark.cuh>
#include <nvbench_helper.cuh>

#include <string_view>
#include <type_traits>
#include <utility>

namespace
{
template <class T>
constexpr std::string_view label = nvbench::type_strings<T>::label;
template <class T>
constexpr std::string_view spelling = nvbench::type_strings<T>::spelling;

// transform/heavy.cu's Heaviness{ct}: its value, spelled as the type.
static_assert(label<::cuda::std::integral_constant<int, 32>> == "32");
static_assert(spelling<::cuda::std::integral_constant<int, 32>> == "::cuda::std::integral_constant<int, 32>");
static_assert(spelling<::cuda::std::integral_constant<unsigned long long, 1024>>
              == "::cuda::std::integral_constant<unsigned long long, 1024>");
// reduce/arg_extrema.cu's Operation{ct}.
static_assert(label<::cub::ArgMin> == "ArgMin" && spelling<::cub::ArgMax> == "::cub::ArgMax");

// The launch's stream, spelled both ways CUB's benchmarks spell it (3.4's transform/common.h
// unwraps it with .get_stream(); most pass launch.get_stream() where a cudaStream_t is taken).
static_assert(std::is_same_v<decltype(std::declval<nvbench::launch&>().get_stream().get_stream()), cudaStream_t>);
static_assert(std::is_convertible_v<decltype(std::declval<nvbench::launch&>().get_stream()), cudaStream_t>);
static_assert(std::is_same_v<decltype(std::declval<nvbench::state&>().get_cuda_stream().get_stream()), cudaStream_t>);

// CCCL 3.4's warp and block benchmarks (reduce/warp_reduce_base.cuh): the device a state runs on,
// the kernel of <device_side_benchmark.cuh> and the names of the extended types they list.
static_assert(std::is_same_v<decltype(std::declval<nvbench::state&>().get_device().value().get_number_of_sms()), int>);
static_assert(std::is_same_v<decltype(std::declval<nvbench::state&>().get_device().value().get_id()), int>);
// CCCL 3.4's segmented scan reports its segment count through a summary.
static_assert(std::is_same_v<decltype(std::declval<nvbench::state&>().add_summary("user/derived/segment_count")),
                             nvbench::summary&>);
struct twice
{
  template <class T>
  __device__ T operator()(T value) const
  {
    return value + value;
  }
};
[[maybe_unused]] void (*const device_side_kernel_int)(twice) = benchmark_kernel<256, 4, twice, int>;
[[maybe_unused]] void (*const device_side_kernel_complex)(twice) = benchmark_kernel<128, 2, twice, ::cuda::std::complex<double>>;
static_assert(label<::cuda::std::complex<double>> == "C128");
static_assert(label<complex32> == "C64" && label<complex64> == "C128");
#if _CCCL_HAS_NVFP16()
static_assert(label<__half> == "F16" && label<::cuda::std::complex<__half>> == "C32");
#endif
#if _CCCL_HAS_NVBF16()
static_assert(label<__nv_bfloat16> == "BF16" && label<::cuda::std::complex<__nv_bfloat16>> == "CB32");
#endif

// The names CUB's 3.0 benchmarks spell where they were before CCCL moved them into a detail
// namespace (detail/moved_names.cuh): the same entities, and the radix sort agents take the
// benchmark's cub::SortOrder as well as the bool they declare.
#if CCCL_VERSION >= 3000000 && CCCL_VERSION < 3002000 // 3.2 reordered agent_policy_t's parameters
static_assert(
  std::is_same_v<cub::agent_policy_t<128, 7, cub::BLOCK_LOAD_DIRECT, cub::LOAD_DEFAULT, cub::BLOCK_STORE_DIRECT>,
                 cub::detail::merge::agent_policy_t<128, 7, cub::BLOCK_LOAD_DIRECT, cub::LOAD_DEFAULT, cub::BLOCK_STORE_DIRECT>>);
#endif
#if CCCL_VERSION >= 3000000 && CCCL_VERSION < 3005000
using onesweep_policy = cub::AgentRadixSortOnesweepPolicy<256, 16, int, 1, cub::RADIX_RANK_MATCH_EARLY_COUNTS_ANY,
                                                          cub::BLOCK_SCAN_RAKING_MEMOIZE, cub::RADIX_SORT_STORE_DIRECT, 8>;
static_assert(std::is_same_v<cub::AgentRadixSortOnesweep<onesweep_policy, cub::SortOrder::Descending, int, cub::NullType, int, int>,
                             cub::detail::radix_sort::AgentRadixSortOnesweep<onesweep_policy, true, int, cub::NullType, int, int>>);
static_assert(std::is_same_v<cub::AgentRadixSortOnesweep<onesweep_policy, false, int, int, int, int>,
                             cub::detail::radix_sort::AgentRadixSortOnesweep<onesweep_policy, false, int, int, int, int>>);
using histogram_policy = cub::AgentRadixSortHistogramPolicy<128, 16, 1, int, 8>;
static_assert(std::is_same_v<cub::AgentRadixSortHistogram<histogram_policy, cub::SortOrder::Ascending, int, int>,
                             cub::detail::radix_sort::AgentRadixSortHistogram<histogram_policy, false, int, int>>);
using memcpy_delay = cub::detail::no_delay_constructor_t<350>;
static_assert(
  std::is_same_v<cub::detail::AgentBatchMemcpyPolicy<128, 4, 8, true, 1024, 128, 2048, memcpy_delay, memcpy_delay>,
                 cub::detail::batch_memcpy::AgentBatchMemcpyPolicy<128, 4, 8, true, 1024, 128, 2048, memcpy_delay, memcpy_delay>>);
#endif
} // namespace
