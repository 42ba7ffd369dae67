// Range lines of CUB's scan.exclusive.sum benchmark (NVIDIA/cccl @ 004ad1986064aaa82892ed00d0dbda88b90fa6e6, cub/benchmarks/bench/scan/exclusive/sum.cu), BSD-3-Clause; kept as test data for the search-space parser.
// %RANGE% TUNE_ITEMS ipt 7:24:1
// %RANGE% TUNE_THREADS tpb 128:1024:32
// %RANGE% TUNE_MAGIC_NS ns 0:2048:4
// %RANGE% TUNE_DELAY_CONSTRUCTOR_ID dcid 0:7:1
// %RANGE% TUNE_L2_WRITE_LATENCY_NS l2w 0:1200:5
// %RANGE% TUNE_TRANSPOSE trp 0:1:1
// %RANGE% TUNE_LOAD ld 0:1:1
