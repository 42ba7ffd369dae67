// A reduce hub rendered from results of CUB's own reduce/sum.cu, used as CUB's API for that
// release takes one: a cub::ChainedPolicy hub passed to cub::DispatchReduce (CCCL 3.0 to 3.3), or
// a policy_selector passed through cuda::execution::tune (CCCL 3.4 and later). Compiled only (the
// hub's selection is what tests/cuda/hub_selection.cu checks); `HUB` is the rendered header.
#include <cub/device/device_reduce.cuh>
#include <cub/version.cuh>

#include <cuda/std/functional>

#include HUB

int main()
{
  using op_t            = ::cuda::std::plus<>;
  const int* d_in       = nullptr;
  int* d_out            = nullptr;
  std::size_t temp_size = 0;
#if CUB_VERSION >= 300400
  auto env = ::cuda::std::execution::env{
    ::cuda::execution::tune(::policytune::tuning::policy_selector<int, unsigned, op_t>{})};
  (void) temp_size;
  return cub::DeviceReduce::Reduce(d_in, d_out, 0u, op_t{}, 0, env) == cudaSuccess ? 0 : 1;
#else
  using hub_t = ::policytune::tuning::policy_hub<int, unsigned, op_t>;
  using dispatch_t =
    cub::DispatchReduce<const int*, int*, unsigned, op_t, int, int, ::cuda::std::__identity, hub_t>;
  return dispatch_t::Dispatch(nullptr, temp_size, d_in, d_out, 0u, op_t{}, 0, nullptr) == cudaSuccess ? 0 : 1;
#endif
}
