// The search space of bench/reduce/sum.cu, frozen for the hub generator's golden tests (the
// recorded measurements are keyed to this file's hash, so it must not change).
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32
// %RANGE% TUNE_ITEMS_PER_VEC_LOAD_POW2 ipv 1:2:1
// %TEST% ipt_16.tpb_512.ipv_1
