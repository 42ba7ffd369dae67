// SPDX-License-Identifier: Apache-2.0
// Verification against base's output for CUB's benchmarks, which declare no check of their own:
// every thrust::device_vector allocation is recorded in policytune::bench::buffers(), and the
// harness's check of a state without a verifier compares the outputs the state declared with
// base's (policytune/bench/reference_output.hpp says how, and what it cannot do).
//
// The recording is an explicit specialization of the allocate and deallocate members of thrust's
// CUDA memory resource (the one behind thrust::device_allocator), so it has to be seen before a
// benchmark instantiates a device_vector: <nvbench_helper.cuh> comes before the benchmark's code.
#pragma once

#include <policytune/bench/cuda_memory.hpp>
#include <policytune/bench/reference_output.hpp>
#include <policytune/bench/state.hpp>

#include <thrust/system/cuda/memory_resource.h>

#include <cstdlib>

THRUST_NAMESPACE_BEGIN
namespace system::cuda::detail
{
template <>
inline thrust::cuda::pointer<void>
cuda_memory_resource<cudaMalloc, cudaFree, thrust::cuda::pointer<void>>::do_allocate(std::size_t bytes, std::size_t)
{
  void* address = nullptr;
  const cudaError_t status = cudaMalloc(&address, bytes);
  if (status != cudaSuccess)
  {
    cudaGetLastError(); // as thrust does: the error is the exception, not a sticky state
    throw thrust::system::detail::bad_alloc(thrust::cuda_category().message(status).c_str());
  }
  ::policytune::bench::buffers().add(address, bytes);
  return thrust::cuda::pointer<void>(address);
}

template <>
inline void cuda_memory_resource<cudaMalloc, cudaFree, thrust::cuda::pointer<void>>::do_deallocate(
  thrust::cuda::pointer<void> p, std::size_t, std::size_t)
{
  ::policytune::bench::buffers().remove(p.get());
  const cudaError_t status = cudaFree(p.get());
  if (status != cudaSuccess)
  {
    thrust::cuda_cub::throw_on_error(status, "CUDA free failed");
  }
}
} // namespace system::cuda::detail
THRUST_NAMESPACE_END

namespace policytune::nvbench_compat
{
inline void copy_to_host(void* host, const void* buffer, std::size_t bytes)
{
  ::policytune::bench::cuda_check(cudaMemcpy(host, buffer, bytes, cudaMemcpyDefault), "copying an output to the host");
}

#if defined(TUNE_BASE) && TUNE_BASE
inline constexpr bool is_base = true;
#else
inline constexpr bool is_base = false;
#endif

/// Base saves its outputs, a variant compares with them; the driver names the folder.
inline bool check_with_base(const ::policytune::bench::state& s, ::policytune::bench::verification& result)
{
  bool checked = false;
  result       = ::policytune::bench::detail::check_with_reference(
    s.key(), s.declared_outputs(), ::policytune::bench::buffers().live(), &copy_to_host,
    std::getenv("POLICYTUNE_REFERENCE_DIR"), is_base, checked);
  return checked;
}

inline const bool check_with_base_installed = (::policytune::bench::detail::unverified_output_check = &check_with_base, true);
} // namespace policytune::nvbench_compat
