// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the back end this build measures with, chosen by the compiler:
// CUDA events on a stream and an L2 flush under nvcc (timer_cuda.hpp), steady_clock on the host
// (timer_host.hpp). The launch, the sample timer and the execution loop all drive this one.
#pragma once

#include <policytune/bench/config.hpp>
#include <policytune/bench/timer_host.hpp>
#if POLICYTUNE_BENCH_CUDA
#  include <policytune/bench/timer_cuda.hpp>
#endif

namespace policytune::bench::detail
{
#if POLICYTUNE_BENCH_CUDA
using backend = cuda_backend;
#else
using backend = host_backend;
#endif
} // namespace policytune::bench::detail
