// SPDX-License-Identifier: Apache-2.0
// PolicyTune's stand-in for CUB's <nvbench_helper.cuh>: what CUB's tuning benchmarks use from
// their helper, on top of PolicyTune's harness, so that they build unchanged with
// `policytune search` (which puts this folder on the include path):
//
//   type lists      integral_types, fundamental_types, all_types (with `complex`), offset_types,
//                   narrowed by TUNE_T / TUNE_OffsetT; push_back_t<List, Ts...>; int128_t, uint128_t
//   inputs          generate(n[, entropy[, min, max]]), generate.uniform.key_segments(...),
//                   generate.uniform.segment_offsets(...), generate.power_law.segment_offsets(...),
//                   seed_t, bit_entropy, str_to_entropy, entropy_to_probability
//   operators       less_t, max_t, less_then_t<T> (CCCL 3.4 and later: 3.0's files define their own)
//   memory          caching_allocator_t and policy(alloc[, launch]) for thrust algorithms;
//                   cub_bench_env(alloc, launch, properties...) for CUB's (CCCL 3.1 and later)
//   misc            do_not_optimize(value), lerp_min_max<T>(at), NVBENCH_HELPER_HAS_I128, type
//                   names of ::cuda::std::false_type / true_type ("false", "true") and complex ("C64")
//   moved names     CUB's agents at the place its benchmarks of 3.0 still name them (cub::agent_policy_t,
//                   cub::AgentRadixSortOnesweep, ...), for the releases that moved them (detail/moved_names.cuh)
//
// CUB's benchmarks declare no check: each variant's declared outputs are compared with base's for
// the same input (detail/buffer_tracking.cuh). Needs nvcc: CUB's benchmarks are CUDA.
#pragma once

#if !defined(__CUDACC__)
#  error "<nvbench_helper.cuh> (PolicyTune's) is for CUDA benchmarks: compile them with nvcc"
#endif

#include <cub/thread/thread_operators.cuh>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

#include <cuda/std/complex>
#include <cuda/std/limits>
#include <cuda/std/type_traits>

#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>

#if __has_include(<cuda/__execution/tune.h>)
// CCCL 3.1 and later: CUB's algorithms take an environment, and the benchmarks build one with
// cub_bench_env.
#  define POLICYTUNE_NVBENCH_COMPAT_HAS_ENV 1
#  include <cuda/memory_resource>
#  include <cuda/std/cstddef>
#  include <cuda/std/execution>
#  include <cuda/stream_ref>
#  include <cuda/__execution/tune.h>
#else
#  define POLICYTUNE_NVBENCH_COMPAT_HAS_ENV 0
#endif

#include <nvbench/nvbench.cuh>
#include <policytune/nvbench_compat/detail/buffer_tracking.cuh>
#include <policytune/nvbench_compat/detail/generate.cuh>
#include <policytune/nvbench_compat/detail/moved_names.cuh>

#define NVBENCH_HELPER_HAS_I128 POLICYTUNE_BENCH_HAS_INT128
#if POLICYTUNE_BENCH_HAS_INT128
using int128_t  = ::policytune::bench::int128_t;
using uint128_t = ::policytune::bench::uint128_t;
#endif

using complex = ::cuda::std::complex<float>;
// CCCL 3.4's names by the width of the parts (segmented_scan, transform/complex_cmp.cu).
using complex32 = ::cuda::std::complex<float>;
using complex64 = ::cuda::std::complex<double>;
NVBENCH_DECLARE_TYPE_STRINGS(complex, "C64", "::cuda::std::complex<float>");
NVBENCH_DECLARE_TYPE_STRINGS(::cuda::std::false_type, "false", "::cuda::std::false_type");
NVBENCH_DECLARE_TYPE_STRINGS(::cuda::std::true_type, "true", "::cuda::std::true_type");
// The extended floating-point types CCCL 3.4's warp and block benchmarks list where CCCL has them
// (the same tests as theirs). Labels as NVBench's are made, by bits: F16, BF16, F128, and complex
// numbers by their whole width (C64 is complex<float>); CB32 tells bfloat16's from half's.
NVBENCH_DECLARE_TYPE_STRINGS(::cuda::std::complex<double>, "C128", "::cuda::std::complex<double>");
#if defined(_CCCL_HAS_NVFP16) && _CCCL_HAS_NVFP16()
#  include <cuda_fp16.h>
NVBENCH_DECLARE_TYPE_STRINGS(__half, "F16", "__half");
NVBENCH_DECLARE_TYPE_STRINGS(::cuda::std::complex<__half>, "C32", "::cuda::std::complex<__half>");
#endif
#if defined(_CCCL_HAS_NVBF16) && _CCCL_HAS_NVBF16()
#  include <cuda_bf16.h>
NVBENCH_DECLARE_TYPE_STRINGS(__nv_bfloat16, "BF16", "__nv_bfloat16");
NVBENCH_DECLARE_TYPE_STRINGS(::cuda::std::complex<__nv_bfloat16>, "CB32", "::cuda::std::complex<__nv_bfloat16>");
#endif
#if defined(_CCCL_HAS_FLOAT128) && _CCCL_HAS_FLOAT128()
NVBENCH_DECLARE_TYPE_STRINGS(__float128, "F128", "__float128");
#endif
namespace policytune::nvbench_compat
{
/// How `::cuda::std::integral_constant<T, V>` is spelled up to its value, per integer type T.
template <class T>
struct integral_constant_prefix;
#  define POLICYTUNE_NVBENCH_COMPAT_INTEGRAL_PREFIX(T)                                  \
    template <>                                                                         \
    struct integral_constant_prefix<T>                                                  \
    {                                                                                   \
      static constexpr char text[] = "::cuda::std::integral_constant<" #T ", "; \
    }
POLICYTUNE_NVBENCH_COMPAT_INTEGRAL_PREFIX(int);
POLICYTUNE_NVBENCH_COMPAT_INTEGRAL_PREFIX(unsigned int);
POLICYTUNE_NVBENCH_COMPAT_INTEGRAL_PREFIX(long);
POLICYTUNE_NVBENCH_COMPAT_INTEGRAL_PREFIX(unsigned long);
POLICYTUNE_NVBENCH_COMPAT_INTEGRAL_PREFIX(long long);
POLICYTUNE_NVBENCH_COMPAT_INTEGRAL_PREFIX(unsigned long long);
#  undef POLICYTUNE_NVBENCH_COMPAT_INTEGRAL_PREFIX
} // namespace policytune::nvbench_compat

/// An integral_constant on a type axis (transform/heavy.cu's `Heaviness{ct}`) is labelled by its
/// value, and a variant's build names it `::cuda::std::integral_constant<int, 32>`.
template <class T, T Value>
struct policytune::bench::type_strings<::cuda::std::integral_constant<T, Value>>
{
  static constexpr const char* label = ::policytune::bench::detail::decimal_text<Value>::value.chars;
  static constexpr const char* spelling =
    ::policytune::bench::detail::value_spelling<::policytune::nvbench_compat::integral_constant_prefix<T>::text,
                                                Value>::value.chars;
};

// The operations arg_extrema.cu measures: cub::ArgMin / ArgMax, and from CCCL 3.4 the operators
// that replaced them.
NVBENCH_DECLARE_TYPE_STRINGS(::cub::ArgMin, "ArgMin", "::cub::ArgMin");
NVBENCH_DECLARE_TYPE_STRINGS(::cub::ArgMax, "ArgMax", "::cub::ArgMax");
#if CUB_VERSION >= 300400
NVBENCH_DECLARE_TYPE_STRINGS(::cub::detail::arg_min, "ArgMin", "::cub::detail::arg_min");
NVBENCH_DECLARE_TYPE_STRINGS(::cub::detail::arg_max, "ArgMax", "::cub::detail::arg_max");
#endif

/// The value of T at `at` between its lowest (0.0) and its highest (1.0) value.
template <class T>
T lerp_min_max(double at)
{
  if (at >= 1.0)
  {
    return ::cuda::std::numeric_limits<T>::max();
  }
  const double lowest  = static_cast<double>(::cuda::std::numeric_limits<T>::lowest());
  const double highest = static_cast<double>(::cuda::std::numeric_limits<T>::max());
  return static_cast<T>(lowest * (1.0 - at) + highest * at); // highest - lowest overflows for double
}

namespace policytune::nvbench_compat
{
template <class List, class... Ts>
struct push_back;
template <class... As, class... Ts>
struct push_back<::nvbench::type_list<As...>, Ts...>
{
  using type = ::nvbench::type_list<As..., Ts...>;
};
} // namespace policytune::nvbench_compat

/// The list with Ts appended.
template <class List, class... Ts>
using push_back_t = typename ::policytune::nvbench_compat::push_back<List, Ts...>::type;

// CUB's lists (its tuning documentation); the driver narrows a build to one workload with TUNE_*.
#ifdef TUNE_OffsetT
using offset_types = nvbench::type_list<TUNE_OffsetT>;
#else
using offset_types = nvbench::type_list<int32_t, int64_t>;
#endif

#ifdef TUNE_T
using integral_types    = nvbench::type_list<TUNE_T>;
using fundamental_types = nvbench::type_list<TUNE_T>;
using all_types         = nvbench::type_list<TUNE_T>;
#else
using integral_types = nvbench::type_list<int8_t, int16_t, int32_t, int64_t>;
#  if POLICYTUNE_BENCH_HAS_INT128
using fundamental_types = nvbench::type_list<int8_t, int16_t, int32_t, int64_t, int128_t, float, double>;
using all_types         = nvbench::type_list<int8_t, int16_t, int32_t, int64_t, int128_t, float, double, complex>;
#  else
using fundamental_types = nvbench::type_list<int8_t, int16_t, int32_t, int64_t, float, double>;
using all_types         = nvbench::type_list<int8_t, int16_t, int32_t, int64_t, float, double, complex>;
#  endif
#endif

/// Keeps the compiler from discarding a value the benchmark computes and never uses.
template <class T>
void do_not_optimize(const T& value)
{
  static const void* volatile sink = nullptr;
  sink                             = &value;
}

/// `a < b`; complex numbers by magnitude, then by phase (they have no `<`).
struct less_t
{
  template <class T>
  __host__ __device__ bool operator()(const T& lhs, const T& rhs) const
  {
    return lhs < rhs;
  }

  __host__ __device__ bool operator()(const complex& lhs, const complex& rhs) const
  {
    const float a = ::cuda::std::abs(lhs);
    const float b = ::cuda::std::abs(rhs);
    return a != b ? a < b : ::cuda::std::arg(lhs) < ::cuda::std::arg(rhs);
  }
};

struct max_t
{
  template <class T>
  __host__ __device__ T operator()(const T& lhs, const T& rhs) const
  {
    return less_t{}(lhs, rhs) ? rhs : lhs;
  }
};

#if CUB_VERSION >= 300400
/// The predicate `value < m_val` (select and partition benchmarks). CCCL 3.0's benchmarks define it
/// themselves, 3.4's take it from the helper (the releases between are taken to be as 3.0).
template <class T>
struct less_then_t
{
  T m_val;

  __host__ __device__ bool operator()(const T& value) const
  {
    return value < m_val;
  }
};
#endif

namespace
{
/// Device memory for thrust's temporary allocations, kept and reused by size, freed at the end.
struct caching_allocator_t
{
  using value_type = char;

  caching_allocator_t() = default;
  caching_allocator_t(const caching_allocator_t&)            = delete;
  caching_allocator_t& operator=(const caching_allocator_t&) = delete;
  ~caching_allocator_t()
  {
    for (const auto& [bytes, block] : m_free)
    {
      cudaFree(block);
    }
    for (const auto& [block, bytes] : m_used)
    {
      cudaFree(block);
    }
  }

  char* allocate(std::ptrdiff_t bytes)
  {
    char* block     = nullptr;
    const auto free = m_free.find(bytes);
    if (free != m_free.end())
    {
      block = free->second;
      m_free.erase(free);
    }
    else
    {
      ::policytune::bench::cuda_check(cudaMalloc(&block, static_cast<std::size_t>(bytes)), "caching_allocator_t");
    }
    m_used.emplace(block, bytes);
    return block;
  }

  void deallocate(char* block, std::size_t)
  {
    const auto used = m_used.find(block);
    if (used == m_used.end())
    {
      throw std::runtime_error("caching_allocator_t: freeing memory it did not allocate");
    }
    m_free.emplace(used->second, block);
    m_used.erase(used);
  }

private:
  std::multimap<std::ptrdiff_t, char*> m_free;
  std::map<char*, std::ptrdiff_t> m_used;
};

[[maybe_unused]] auto policy(caching_allocator_t& alloc)
{
  return thrust::cuda::par(alloc);
}

[[maybe_unused]] auto policy(caching_allocator_t& alloc, nvbench::launch& launch)
{
  return thrust::cuda::par(alloc).on(launch.get_stream());
}

#if POLICYTUNE_NVBENCH_COMPAT_HAS_ENV
/// The benchmark's caching allocator as the memory resource CUB's environment-taking algorithms
/// allocate their temporary storage from. Without it CUB calls cudaMallocAsync and cudaFree inside
/// every timed launch: measured on an H100 (2026-11-27), 25 to 55 microseconds a call, varying
/// between processes, which swamped reduce's kernels (60 us at 2^16 elements, where the kernel
/// takes a few). The cache hands the same block back to the same size, as CUB's own helper does,
/// so only the first call allocates. One stream per benchmark: reuse is stream-ordered.
class caching_memory_resource
{
public:
  explicit caching_memory_resource(caching_allocator_t& alloc)
      : m_alloc(&alloc)
  {}

  // CCCL 3.4 and later pass the alignment; 3.1 to 3.3 call the two-argument form. The cache's
  // blocks come from cudaMalloc, aligned for anything, and one stream uses them: the stream-ordered
  // and the synchronous forms are the same.
  void* allocate_sync(std::size_t bytes, std::size_t = alignof(::cuda::std::max_align_t))
  {
    return m_alloc->allocate(static_cast<std::ptrdiff_t>(bytes));
  }
  void deallocate_sync(void* block, std::size_t bytes, std::size_t = alignof(::cuda::std::max_align_t))
  {
    m_alloc->deallocate(static_cast<char*>(block), bytes);
  }
  void* allocate(::cuda::stream_ref, std::size_t bytes, std::size_t alignment = alignof(::cuda::std::max_align_t))
  {
    return allocate_sync(bytes, alignment);
  }
  void deallocate(::cuda::stream_ref, void* block, std::size_t bytes,
                  std::size_t alignment = alignof(::cuda::std::max_align_t))
  {
    deallocate_sync(block, bytes, alignment);
  }

  friend bool operator==(const caching_memory_resource& a, const caching_memory_resource& b)
  {
    return a.m_alloc == b.m_alloc;
  }
  friend bool operator!=(const caching_memory_resource& a, const caching_memory_resource& b)
  {
    return !(a == b);
  }
  friend constexpr void get_property(const caching_memory_resource&, ::cuda::mr::device_accessible) noexcept {}

private:
  caching_allocator_t* m_alloc;
};

/// The environment CUB's algorithms take since CCCL 3.1 (`cub::DeviceReduce::Reduce(..., env)`):
/// the launch's stream, `alloc` for the temporary storage (above), and what the benchmark adds
/// (`cuda::execution::tune(policy_selector{})`, `cuda::execution::require(...)`).
template <class... Properties>
[[maybe_unused]] auto cub_bench_env(caching_allocator_t& alloc, nvbench::launch& launch, Properties... properties)
{
  return ::cuda::std::execution::env{
    ::cuda::std::execution::prop{::cuda::get_stream, ::cuda::stream_ref{launch.get_stream()}},
    ::cuda::std::execution::prop{::cuda::mr::get_memory_resource, caching_memory_resource{alloc}},
    properties...};
}
#endif
} // namespace
