// The search space of bench/transpose/blocked.cpp, frozen for the hub generator's golden tests.
// %RANGE% TUNE_TILE_POW2 tile 0:6:1
// %RANGE% TUNE_UNROLL_POW2 unroll 0:2:1
// %TEST% tile_4.unroll_1
