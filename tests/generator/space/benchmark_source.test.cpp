#include "space/benchmark_source.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

TEST_CASE("a benchmark source is read with its space and constraints", "[benchmark_source]") {
  const std::string path = POLICYTUNE_TEST_DATA "/search/bench/constrained/sum.cpp";
  const BenchmarkSource source = read_benchmark_source(path);
  CHECK(source.path == path);
  CHECK_THAT(source.text, Catch::Contains("// %CONSTRAINT% a * b <= 4"));
  REQUIRE(source.space.parameters().size() == 2);
  CHECK(source.space.parameters()[0].macro == "TUNE_A");
  CHECK(source.space.parameters()[1].label == "b");
  CHECK(source.constraints.size() == 2);
}

TEST_CASE("a source that cannot be read or parsed is a user error naming it", "[benchmark_source]") {
  testing::TemporaryDirectory directory("benchmark-source");
  CHECK_THROWS_AS(read_benchmark_source(directory.file("missing.cpp")), UserError);
  const std::string bad_range = directory.write("bad_range.cpp", "// %RANGE% TUNE_X x 4:1:1\n");
  CHECK_THROWS_WITH(read_benchmark_source(bad_range), Catch::Contains("bad_range.cpp"));
  const std::string bad_constraint =
      directory.write("bad_constraint.cpp", "// %RANGE% TUNE_X x 1:4:1\n// %CONSTRAINT% y < 2\n");
  CHECK_THROWS_WITH(read_benchmark_source(bad_constraint), Catch::Contains("bad_constraint.cpp"));
}
