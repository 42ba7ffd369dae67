// Range lines of CUB's reduce.sum benchmark (NVIDIA/cccl @ 004ad1986064aaa82892ed00d0dbda88b90fa6e6, cub/benchmarks/bench/reduce/sum.cu), BSD-3-Clause; kept as test data for the search-space parser.
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %RANGE% TUNE_ITEMS_PER_VEC_LOAD_POW2 ipv 1:2:1
