// Calls CUB's reduce through the generated policy hub; compares with CUB's own policies on a GPU.
#include <cub/device/device_reduce.cuh>
#include <cub/device/dispatch/dispatch_reduce.cuh>
#include <cuda/std/functional>

#include <cstdio>
#include <vector>

#include "cuda_device.cuh"
#include "reduce_sum.cuh"

int main()
{
  if (!cuda_device_present("the tuned hub"))
  {
    return kSkippedExit;
  }
  using accum_t  = int;
  using offset_t = cub::detail::choose_offset_t<int>; // what cub::DeviceReduce::Sum dispatches with
  using hub_t    = downstream::tuning::policy_hub<accum_t, offset_t, ::cuda::std::plus<>>;
  using dispatch_t =
    cub::DispatchReduce<const int*, int*, offset_t, ::cuda::std::plus<>, int, accum_t, ::cuda::std::identity, hub_t>;
  int failed = 0;
  for (int n : {1, 1000, 1 << 20, (1 << 24) + 7})
  {
    std::vector<int> input(n);
    for (int i = 0; i < n; ++i) input[i] = (i * 37) % 11 - 5;
    int *d_in = nullptr, *d_out = nullptr, *d_ref = nullptr;
    cudaMalloc(&d_in, sizeof(int) * n);
    cudaMalloc(&d_out, sizeof(int));
    cudaMalloc(&d_ref, sizeof(int));
    cudaMemcpy(d_in, input.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
    std::size_t bytes = 0, ref_bytes = 0;
    dispatch_t::Dispatch(nullptr, bytes, d_in, d_out, n, ::cuda::std::plus<>{}, 0, nullptr);
    cub::DeviceReduce::Sum(nullptr, ref_bytes, d_in, d_ref, n);
    void* temp = nullptr;
    cudaMalloc(&temp, bytes > ref_bytes ? bytes : ref_bytes);
    dispatch_t::Dispatch(temp, bytes, d_in, d_out, n, ::cuda::std::plus<>{}, 0, nullptr);
    cub::DeviceReduce::Sum(temp, ref_bytes, d_in, d_ref, n);
    int got = 0, want = 0;
    cudaMemcpy(&got, d_out, sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&want, d_ref, sizeof(int), cudaMemcpyDeviceToHost);
    std::printf("%s: n=%d tuned %d, CUB %d\n", got == want ? "ok" : "FAILED", n, got, want);
    failed += got != want;
    cudaFree(temp);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_ref);
  }
  return failed == 0 ? 0 : 1;
}
