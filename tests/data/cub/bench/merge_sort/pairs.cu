// Range lines of CUB's merge_sort.pairs benchmark (NVIDIA/cccl @ 004ad1986064aaa82892ed00d0dbda88b90fa6e6, cub/benchmarks/bench/merge_sort/pairs.cu), BSD-3-Clause; kept as test data for the search-space parser.
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_LOAD ld 0:2:1
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK_POW2 tpb 6:10:1
