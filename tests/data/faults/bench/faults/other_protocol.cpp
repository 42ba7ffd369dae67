// A benchmark built against another PolicyTune's harness, one whose documents speak protocol
// version 2: the search must stop at base's listing with one error naming the benchmark.
// %RANGE% TUNE_X x 1:2:1
#include <cstdio>
#include <cstring>

int main(int argc, char** argv)
{
  if (argc > 1 && std::strcmp(argv[1], "--list") == 0)
  {
    std::printf("{\"policytune_harness\":2,\"benchmarks\":[{\"name\":\"base\",\"axes\":[]}]}\n");
    return 0;
  }
  std::printf("{\"policytune_harness\":2,\"status\":\"ok\"}\n");
  return 0;
}
