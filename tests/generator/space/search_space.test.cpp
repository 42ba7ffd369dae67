#include "space/search_space.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "core/text_input.hpp"
#include "core/user_error.hpp"

using namespace policytune;

namespace {

// The message of the UserError that parsing `source` throws, or "" when it parses.
std::string parse_error(const std::string& source) {
  try {
    parse_search_space(source, "bench.cu");
  } catch (const UserError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("range lines become parameters in declaration order", "[search_space]") {
  const auto space = parse_search_space(
      "#include <x>\n"
      "// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1\n"
      "  //%RANGE% TUNE_THREADS tpb 128:1024:32\n"
      "int x; // %RANGE% NOT_A_RANGE_LINE x 1:2:1\n",
      "sum.cu");
  REQUIRE(space.parameters().size() == 2);
  CHECK(space.parameters()[0].macro == "TUNE_ITEMS_PER_THREAD");
  CHECK(space.parameters()[0].label == "ipt");
  CHECK(space.parameters()[0].line == 2);
  CHECK(space.parameters()[1].start == 128);
  CHECK(space.parameters()[1].end == 1024);
  CHECK(space.parameters()[1].step == 32);
  CHECK(space.size() == BigCount(18 * 29));
}

TEST_CASE("switched-off range lines are ignored", "[search_space]") {
  const auto space = parse_search_space("// %//RANGE//% TUNE_A a 1:2:1\n// %RANGE% TUNE_B b 1:3:1\n", "x.cu");
  REQUIRE(space.parameters().size() == 1);
  CHECK(space.parameters()[0].label == "b");
  CHECK(space.source_file() == "x.cu");
}

TEST_CASE("a directive is a // comment's first word; block comments and code are not directives", "[search_space]") {
  const auto space = parse_search_space(
      "/* %RANGE% TUNE_A a 1:2:1 */\n"
      "x; %RANGE% TUNE_B b 1:2:1\n"
      "// %RANGE% TUNE_C c 1:2:1\n",
      "x.cu");
  REQUIRE(space.parameters().size() == 1);
  CHECK(space.parameters()[0].label == "c");
}

TEST_CASE("end is inclusive and steps need not divide the span", "[search_space]") {
  CHECK(parse_search_space("// %RANGE% A a 0:10:3\n", "x.cu").size() == BigCount(4));  // 0 3 6 9
  CHECK(parse_search_space("// %RANGE% A a 5:5:1\n", "x.cu").size() == BigCount(1));
  CHECK(parse_search_space("// %RANGE% A a -16:16:4\n", "x.cu").size() == BigCount(9));
  // A leading + is allowed, as in C.
  const auto plus = parse_search_space("// %RANGE% A a +2:+11:+3\n", "x.cu");
  CHECK(plus.parameters()[0].start == 2);
  CHECK(plus.parameters()[0].end == 11);
  CHECK(plus.parameters()[0].step == 3);
}

TEST_CASE("a space without ranges has one variant, base", "[search_space]") {
  const auto space = parse_search_space("int main() {}\n", "x.cu");
  CHECK(space.empty());
  CHECK(space.size() == BigCount(1));
  CHECK(space.name_of({}) == "base");
}

TEST_CASE("huge spaces are counted exactly", "[search_space]") {
  const auto space = parse_search_space(
      "// %RANGE% A a 1:4000:1\n// %RANGE% B b 0:999999999:1\n// %RANGE% C c -999999999:0:1\n", "x.cu");
  CHECK(space.size().to_string() == "4000000000000000000000");
  // The widest single range holds 2^64 values.
  const auto widest = parse_search_space("// %RANGE% A a -9223372036854775808:9223372036854775807:1\n", "x.cu");
  CHECK(widest.size().to_string() == "18446744073709551616");
  CHECK(widest.variant_at(BigCount(0)) == Variant{INT64_MIN});
  CHECK(widest.variant_at(BigCount::parse("18446744073709551615")) == Variant{INT64_MAX});
}

TEST_CASE("CUB's own benchmarks give CUB's counts", "[search_space]") {
  std::ifstream expected(POLICYTUNE_TEST_DATA "/cub/bench/EXPECTED.txt");
  std::string file, name, count;
  int checked = 0;
  while (expected >> file >> name >> count) {
    const std::string path = POLICYTUNE_TEST_DATA "/cub/bench/" + file;
    INFO(path);
    CHECK(parse_search_space(read_text_file(path), path).size().to_string() == count);
    ++checked;
  }
  CHECK(checked == 4);
}

TEST_CASE("variant names join label_value with dots in range order", "[search_space]") {
  const auto space =
      parse_search_space("// %RANGE% TUNE_IPT ipt 7:24:1\n// %RANGE% TUNE_TPB tpb 128:1024:32\n", "x.cu");
  CHECK(space.name_of({13, 256}) == "ipt_13.tpb_256");
  CHECK(space.parse_name("ipt_13.tpb_256") == Variant{13, 256});
  CHECK_FALSE(space.parse_name("ipt_13.tpb_257"));   // not on the step grid
  CHECK_FALSE(space.parse_name("ipt_13x.tpb_256"));  // not a number
  CHECK_FALSE(space.parse_name("ipt_.tpb_256"));
  CHECK_FALSE(space.parse_name("ipt_13"));
  CHECK_FALSE(space.parse_name("tpb_256.ipt_13"));
  CHECK_FALSE(space.parse_name("ipt_13.tpb_256.x_1"));
  CHECK_FALSE(space.parse_name("base"));
  const auto negative = parse_search_space("// %RANGE% B bif -16:16:4\n", "x.cu");
  CHECK(negative.name_of({-12}) == "bif_-12");
  CHECK(negative.parse_name("bif_-12") == Variant{-12});
}

TEST_CASE("variants are decoded lazily from their index, last parameter fastest", "[search_space]") {
  const auto space = parse_search_space("// %RANGE% A a 1:3:1\n// %RANGE% B b 10:20:10\n", "x.cu");
  std::vector<std::string> names;
  for (std::uint64_t i = 0; i < 6; ++i) names.push_back(space.name_of(space.variant_at(BigCount(i))));
  CHECK(names == std::vector<std::string>{"a_1.b_10", "a_1.b_20", "a_2.b_10", "a_2.b_20", "a_3.b_10", "a_3.b_20"});
  for (std::uint64_t i = 0; i < 6; ++i) CHECK(space.index_of(space.variant_at(BigCount(i))) == BigCount(i));
  const auto huge = parse_search_space(
      "// %RANGE% A a 1:4000:1\n// %RANGE% B b 0:999999999:1\n// %RANGE% C c -999999999:0:1\n", "x.cu");
  const auto last = huge.variant_at(BigCount::parse("3999999999999999999999"));
  CHECK(last == Variant{4000, 999999999, 0});
  CHECK(huge.index_of(last).to_string() == "3999999999999999999999");
}

TEST_CASE("defines carry each macro with its value", "[search_space]") {
  const auto space =
      parse_search_space("// %RANGE% TUNE_IPT ipt 7:24:1\n// %RANGE% TUNE_TPB tpb 128:1024:32\n", "x.cu");
  const auto defines = space.defines_of({9, 160});
  REQUIRE(defines.size() == 2);
  CHECK(defines[0] == std::pair<std::string, std::int64_t>{"TUNE_IPT", 9});
  CHECK(defines[1] == std::pair<std::string, std::int64_t>{"TUNE_TPB", 160});
}

TEST_CASE("every malformed range line is one error naming file and line", "[search_space]") {
  const std::string ok = "// %RANGE% TUNE_OK ok 1:2:1\n";
  CHECK(parse_error(ok + "// %RANGE% TUNE_A a\n") ==
        "bench.cu:2: %RANGE% needs three fields: MACRO label start:end:step");
  CHECK(parse_error(ok + "// %RANGE%\n") == "bench.cu:2: %RANGE% needs three fields: MACRO label start:end:step");
  CHECK(parse_error(ok + "// %RANGE% TUNE_A a 1:2:1 extra\n") == "bench.cu:2: %RANGE% has an unexpected field 'extra'");
  CHECK(parse_error("// %RANGE% TUNE_A a 1:x:1\n") == "bench.cu:1: %RANGE% end 'x' is not an integer");
  CHECK(parse_error("// %RANGE% TUNE_A a 1.5:2:1\n") == "bench.cu:1: %RANGE% start '1.5' is not an integer");
  CHECK(parse_error("// %RANGE% TUNE_A a :2:1\n") == "bench.cu:1: %RANGE% start '' is not an integer");
  CHECK(parse_error("// %RANGE% TUNE_A a 1:2\n") == "bench.cu:1: %RANGE% range '1:2' is not start:end:step");
  CHECK(parse_error("// %RANGE% TUNE_A a 1:2:3:4\n") == "bench.cu:1: %RANGE% range '1:2:3:4' is not start:end:step");
  CHECK(parse_error("// %RANGE% TUNE_A a 1:2:0\n") == "bench.cu:1: %RANGE% step must be positive, got 0");
  CHECK(parse_error("// %RANGE% TUNE_A a 1:2:-1\n") == "bench.cu:1: %RANGE% step must be positive, got -1");
  CHECK(parse_error("// %RANGE% TUNE_A a 5:2:1\n") == "bench.cu:1: %RANGE% end 2 is before start 5");
  CHECK(parse_error("// %RANGE% TUNE_A a 1:99999999999999999999:1\n") ==
        "bench.cu:1: %RANGE% end '99999999999999999999' does not fit in 64 bits");
  CHECK(parse_error("// %RANGE% TUNE_A a -99999999999999999999:1:1\n") ==
        "bench.cu:1: %RANGE% start '-99999999999999999999' does not fit in 64 bits");
  CHECK(parse_error(ok + "// %RANGE% TUNE_OK other 1:2:1\n") ==
        "bench.cu:2: %RANGE% macro 'TUNE_OK' is declared twice");
  CHECK(parse_error(ok + "// %RANGE% TUNE_B ok 1:2:1\n") == "bench.cu:2: %RANGE% label 'ok' is declared twice");
  CHECK(parse_error("// %RANGE% TUNE_A 9lives 1:2:1\n") == "bench.cu:1: %RANGE% label '9lives' is not an identifier");
  CHECK(parse_error("// %RANGE% TUNE_A a.b 1:2:1\n") == "bench.cu:1: %RANGE% label 'a.b' is not an identifier");
  CHECK(parse_error("// %RANGE% TUNE-A a 1:2:1\n") == "bench.cu:1: %RANGE% macro 'TUNE-A' is not an identifier");
}

TEST_CASE("a %TEST% line declares the variant test builds use", "[search_space]") {
  const std::string ranges = "// %RANGE% TUNE_A a 1:4:1\n// %RANGE% TUNE_B b 0:8:2\n";
  const auto space = parse_search_space(ranges, "x.cu");
  CHECK(parse_test_variant(ranges + "// %TEST% a_2.b_4\n", "x.cu", space) == Variant{2, 4});
  CHECK_FALSE(parse_test_variant(ranges, "x.cu", space));
  const auto error = [&](const std::string& text) {
    try {
      parse_test_variant(ranges + text, "x.cu", space);
    } catch (const UserError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error("// %TEST% a_2.b_3\n") == "x.cu:3: %TEST% 'a_2.b_3' is not a variant of this benchmark's %RANGE% space");
  CHECK(error("// %TEST%\n") == "x.cu:3: %TEST% names one variant: // %TEST% ipt_7.tpb_128");
  CHECK(error("// %TEST% a_1.b_0\n// %TEST% a_1.b_0\n") == "x.cu:4: %TEST% is declared twice");
}

TEST_CASE("a name parses only with values inside its range and on its step grid", "[search_space]") {
  const auto space =
      parse_search_space("// %RANGE% TUNE_IPT ipt 7:24:1\n// %RANGE% TUNE_TPB tpb 128:1024:32\n", "x.cu");
  CHECK(space.parse_name("ipt_7.tpb_128") == Variant{7, 128});  // both ends are inclusive
  CHECK(space.parse_name("ipt_24.tpb_1024") == Variant{24, 1024});
  CHECK_FALSE(space.parse_name("ipt_6.tpb_128"));   // below start
  CHECK_FALSE(space.parse_name("ipt_25.tpb_128"));  // past end
  CHECK_FALSE(space.parse_name("ipt_7.tpb_1056"));  // past end, on the grid
  CHECK_FALSE(space.parse_name("ipt_7.tpb_96"));    // below start, on the grid
  // A grid that does not start at a multiple of its step: 1, 4, 7, 10.
  const auto offset = parse_search_space("// %RANGE% A a 1:10:3\n", "x.cu");
  CHECK(offset.parse_name("a_4") == Variant{4});
  CHECK(offset.parse_name("a_10") == Variant{10});
  CHECK_FALSE(offset.parse_name("a_5"));
  CHECK_FALSE(offset.parse_name("a_3"));
}

TEST_CASE("a range of 2^64 - 1 values decodes by plain division", "[search_space]") {
  const auto space =
      parse_search_space("// %RANGE% A a 0:1:1\n// %RANGE% B b -9223372036854775807:9223372036854775807:1\n", "x.cu");
  CHECK(space.size().to_string() == "36893488147419103230");  // 2 * (2^64 - 1)
  // Index 2^64 - 1 is the first value of B with a = 1.
  const Variant first_of_second_half{1, -9223372036854775807};
  CHECK(space.variant_at(BigCount::parse("18446744073709551615")) == first_of_second_half);
  CHECK(space.index_of(first_of_second_half).to_string() == "18446744073709551615");
  CHECK(space.variant_at(BigCount::parse("18446744073709551614")) == Variant{0, INT64_MAX});
}

TEST_CASE("identifiers: a letter or underscore, then letters, digits and underscores", "[search_space]") {
  CHECK(is_identifier("TUNE_IPT"));
  CHECK(is_identifier("_x9"));
  CHECK_FALSE(is_identifier(""));
  CHECK_FALSE(is_identifier("9lives"));
  CHECK_FALSE(is_identifier("a-b"));
  CHECK_FALSE(is_identifier("a b"));
}

TEST_CASE("a %RANGE% macro the harness defines itself is refused", "[search_space]") {
  // TUNE_BASE would build every variant as base, stored under tuned names.
  CHECK_THAT(parse_error("// %RANGE% TUNE_BASE base 0:1:1\n"),
             Catch::StartsWith("bench.cu:1: %RANGE% macro 'TUNE_BASE' is the harness's own"));
  CHECK_THAT(parse_error("// %RANGE% TUNE_X x 1:2:1\n// %RANGE% POLICYTUNE_BENCH_VARIANT v 1:2:1\n"),
             Catch::StartsWith("bench.cu:2: %RANGE% macro 'POLICYTUNE_BENCH_VARIANT' is the harness's own"));
  CHECK(parse_error("// %RANGE% TUNE_BASE_SIZE bs 1:2:1\n").empty());  // only the names themselves
}

TEST_CASE("a source that is not UTF-8 text is refused, not read as a space without parameters", "[search_space]") {
  // "// %RANGE% TUNE_X x 1:2:1" as UTF-16LE with its byte order mark: every other byte is NUL.
  std::string utf16 = "\xff\xfe";
  for (char c : std::string("// %RANGE% TUNE_X x 1:2:1\n")) utf16 += std::string{c, '\0'};
  CHECK(parse_error(utf16) == "bench.cu:1: the source is UTF-16 (it starts with a byte order mark): save it as UTF-8");
  const std::string with_nul = std::string("// %RANGE% TUNE_X x 1:2:1\nint x;\0\n", 35);
  CHECK_THAT(parse_error(with_nul), Catch::StartsWith("bench.cu:2: the source holds a NUL byte"));
}

TEST_CASE("parse_range_lines reads back what range_lines records", "[search_space]") {
  const SearchSpace space =
      parse_search_space("// %RANGE% TUNE_IPT ipt 7:24:1\n// %RANGE% TUNE_TPB tpb 128:1024:32\n", "sum.cu");
  const SearchSpace again = parse_range_lines(range_lines(space), "results.db");
  CHECK(range_lines(again) == range_lines(space));
  CHECK(again.size() == space.size());
  CHECK(parse_range_lines("", "results.db").empty());
  CHECK_THROWS_AS(parse_range_lines("TUNE_IPT ipt 9:1:1\n", "results.db"), UserError);
}
