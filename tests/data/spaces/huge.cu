// A synthetic space of exactly 4e21 variants: 4000 * 1e9 * 1e9.
// %RANGE% TUNE_A a 1:4000:1
// %RANGE% TUNE_B b 0:999999999:1
// %RANGE% TUNE_C c -999999999:0:1
