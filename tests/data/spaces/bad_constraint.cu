// A search space whose constraint names a parameter it does not have.
// %RANGE% TUNE_ITEMS_PER_THREAD ipt 1:8:1
// %RANGE% TUNE_THREADS_PER_BLOCK tpb 64:256:64
// %CONSTRAINT% ipt * threads <= 1024
