// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: build configuration.
#pragma once

// POLICYTUNE_BENCH_CUDA selects the CUDA back end (CUDA events, L2 flush, device query).
// It follows the compiler: on under nvcc (or clang in CUDA mode), off otherwise. A host
// compiler never needs the CUDA headers.
#ifndef POLICYTUNE_BENCH_CUDA
#  if defined(__CUDACC__)
#    define POLICYTUNE_BENCH_CUDA 1
#  else
#    define POLICYTUNE_BENCH_CUDA 0
#  endif
#endif

#if POLICYTUNE_BENCH_CUDA
#  include <cuda_runtime_api.h>
#endif
