#include "core/benchmark_name.hpp"

#include <catch2/catch.hpp>

using policytune::algorithm_of;
using policytune::benchmark_name_from_path;

TEST_CASE("benchmark names follow CUB's bench/ folder convention", "[benchmark_name]") {
  CHECK(benchmark_name_from_path("bench/reduce/sum.cu") == "reduce.sum");
  CHECK(benchmark_name_from_path("/abs/x/bench/scan/exclusive/sum.cu") == "scan.exclusive.sum");
  CHECK(benchmark_name_from_path("bench/radix_sort/keys.cu") == "radix_sort.keys");
  CHECK(benchmark_name_from_path("bench/segmented_sort/keys.cpp") == "segmented_sort.keys");
  // A file directly in bench/ is named by its stem alone.
  CHECK(benchmark_name_from_path("bench/sum.cu") == "sum");
  CHECK(benchmark_name_from_path("/home/me/project/bench/sum.cu") == "sum");
}

TEST_CASE("benchmark names: with nested bench folders the last one counts", "[benchmark_name]") {
  CHECK(benchmark_name_from_path("/a/bench/b/bench/reduce/sum.cu") == "reduce.sum");
  CHECK(benchmark_name_from_path("bench/cub/bench/scan/exclusive/sum.cu") == "scan.exclusive.sum");
  CHECK(benchmark_name_from_path("bench/bench/reduce/sum.cu") == "reduce.sum");
}

TEST_CASE("benchmark names: paths are normalised before naming", "[benchmark_name]") {
  CHECK(benchmark_name_from_path("./bench/reduce/sum.cu") == "reduce.sum");
  CHECK(benchmark_name_from_path("/x/bench/reduce/./sum.cu") == "reduce.sum");
  CHECK(benchmark_name_from_path("/x/bench/scan/../reduce/sum.cu") == "reduce.sum");
  CHECK(benchmark_name_from_path("/x//bench//reduce//sum.cu") == "reduce.sum");
}

TEST_CASE("benchmark names without a bench folder use the parent folder and the stem", "[benchmark_name]") {
  CHECK(benchmark_name_from_path("x/scan/exclusive.cu") == "scan.exclusive");
  CHECK(benchmark_name_from_path("/abs/x/scan/exclusive.cu") == "scan.exclusive");
  CHECK(benchmark_name_from_path("reduce/sum.cpp") == "reduce.sum");
  // "benchmarks" and "my_bench" are not "bench".
  CHECK(benchmark_name_from_path("/p/benchmarks/reduce/sum.cu") == "reduce.sum");
  CHECK(benchmark_name_from_path("/p/my_bench/reduce/sum.cu") == "reduce.sum");
  // No folder at all, or only the root.
  CHECK(benchmark_name_from_path("sum.cu") == "sum");
  CHECK(benchmark_name_from_path("/sum.cu") == "sum");
}

TEST_CASE("algorithm_of takes the first component of a benchmark name", "[benchmark_name]") {
  CHECK(algorithm_of("scan.exclusive.sum") == "scan");
  CHECK(algorithm_of("reduce.sum") == "reduce");
  CHECK(algorithm_of("radix_sort.keys") == "radix_sort");
  CHECK(algorithm_of("reduce") == "reduce");
  CHECK(algorithm_of("") == "");
  CHECK(algorithm_of(benchmark_name_from_path("/abs/x/bench/scan/exclusive/sum.cu")) == "scan");
}
