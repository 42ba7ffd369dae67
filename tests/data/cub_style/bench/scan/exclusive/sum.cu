// SPDX-License-Identifier: Apache-2.0
// Test data: a tuning benchmark written exactly as CUB's own (cub/benchmarks/bench/**), against
// PolicyTune's stand-ins for <nvbench_helper.cuh> and <look_back_helper.cuh>; the search finds
// them and this folder's "base.cuh" by itself. It exercises every API the stand-ins offer.

#include <nvbench_helper.cuh>

// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %RANGE% TUNE_MAGIC_NS ns 0:2048:4
// %RANGE% TUNE_DELAY_CONSTRUCTOR_ID dcid 0:7:1
// %RANGE% TUNE_L2_WRITE_LATENCY_NS l2w 0:1200:5
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_LOAD ld 0:1:1

using op_t = ::cuda::std::plus<>;
#include "base.cuh"
