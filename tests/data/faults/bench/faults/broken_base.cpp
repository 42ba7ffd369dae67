// A benchmark whose base does not compile: the search must stop with the compiler's message.
// %RANGE% TUNE_X x 1:2:1
#if TUNE_BASE
#error "the base of this benchmark is broken"
#endif
int main() { return 0; }
