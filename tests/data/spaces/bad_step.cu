// A benchmark whose fourth line has a zero step.
// %RANGE% TUNE_A a 1:4:1
//%//RANGE//% TUNE_OFF off 1:4:0
// %RANGE% TUNE_B b 1:4:0
