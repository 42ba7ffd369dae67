// SPDX-License-Identifier: Apache-2.0
// The execution environments CUB's environment overloads take from CCCL 3.5: the caller's stream,
// with a policy selector passed through cuda::execution::tune or without one (CUB's own policy).
#pragma once

#include <cub/version.cuh>

#if CUB_VERSION >= 300500
#  include <cuda/__execution/tune.h>
#  include <cuda/__stream/stream_ref.h>
#  include <cuda/std/__execution/env.h>

#  include <cuda_runtime_api.h>

namespace policytune::detail
{
/// `stream`, and `Selector` for the policy of the call.
template <class Selector>
auto tuned_on(cudaStream_t stream)
{
  return ::cuda::std::execution::env{::cuda::stream_ref{stream}, ::cuda::execution::tune(Selector{})};
}

/// `stream` alone: CUB chooses the policy.
inline auto untuned_on(cudaStream_t stream)
{
  return ::cuda::std::execution::env{::cuda::stream_ref{stream}};
}
} // namespace policytune::detail
#endif
