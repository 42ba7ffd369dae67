// Range lines of CUB's transform.babelstream benchmark (NVIDIA/cccl @ 004ad1986064aaa82892ed00d0dbda88b90fa6e6, cub/benchmarks/bench/transform/babelstream.cu), BSD-3-Clause; kept as test data for the search-space parser.
// %RANGE% TUNE_BIF_BIAS bif -16:16:4
// %RANGE% TUNE_ALGORITHM alg 0:4:1
// %RANGE% TUNE_THREADS tpb 128:1024:128
// %RANGE% TUNE_UNROLL_FACTOR unrl 1:4:1
// %RANGE% TUNE_PREFETCH_MULT pref 1:3:1
// %RANGE% TUNE_VEC_SIZE_POW2 vsp2 1:6:1
