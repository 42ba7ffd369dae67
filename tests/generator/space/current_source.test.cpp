#include "space/current_source.hpp"

#include <catch2/catch.hpp>

#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;

TEST_CASE("a benchmark source is taken as the current version as a search would read it", "[current_source]") {
  const BenchmarkSource source = read_current_source(testing::kTinyBenchmark);
  CHECK(source.text == read_text_file(testing::kTinyBenchmark));
  CHECK(source.space.parameters().size() == 1);
  // A benchmark without parameters is a version too: base is all there is.
  const testing::TemporaryDirectory directory("current-source");
  CHECK_NOTHROW(read_current_source(directory.write("base_only.cpp", "// no %RANGE% here\nint main() {}\n")));
}

TEST_CASE("a file that is no version of the benchmark is refused, naming it", "[current_source]") {
  const testing::TemporaryDirectory directory("current-source");
  const std::string why = ": no version of the benchmark, so every stored row would count as an old version's";
  const std::string empty = directory.write("empty.cpp", "");
  CHECK_THROWS_MATCHES(read_current_source(empty), UserError,
                       Catch::Message(empty + ": is empty (a truncated checkout?)" + why));
  const std::string blank = directory.write("blank.cpp", "\n \t\r\n\n");
  CHECK_THROWS_MATCHES(read_current_source(blank), UserError,
                       Catch::Message(blank + ": holds only white space (a truncated checkout?)" + why));
  // Named at the conflict's first line, not at the %RANGE% line the conflict doubled.
  const std::string conflict = directory.write(
      "conflict.cpp",
      "// a benchmark\n<<<<<<< HEAD\n// %RANGE% TUNE_UNROLL unroll 1:4:1\n=======\n// %RANGE% TUNE_UNROLL unroll "
      "1:8:1\n>>>>>>> wider\n");
  CHECK_THROWS_MATCHES(read_current_source(conflict), UserError,
                       Catch::Message(conflict + ":2: a merge conflict starts here" + why));
  // Markers need their whole seven characters at the line's start, and both ends.
  CHECK_NOTHROW(read_current_source(directory.write("comment.cpp", "// <<<<<<< not a marker\nint x;\n")));
  CHECK_NOTHROW(read_current_source(directory.write("half.cpp", "<<<<<<<< eight\n>>>>>>>> eight\n")));
  // What a search refuses, prune refuses too: a binary is no source.
  const std::string binary = directory.write("binary.cpp", std::string("ELF\0\0", 5));
  CHECK_THROWS_WITH(read_current_source(binary), Catch::Contains("the source holds a NUL byte"));
}
