#include "space/constraint.hpp"

#include <catch2/catch.hpp>

#include <cstdint>

#include "core/user_error.hpp"

using namespace policytune;

namespace {

const std::string kRanges =
    "// %RANGE% TUNE_ITEMS_PER_THREAD ipt 1:16:1\n"
    "// %RANGE% TUNE_THREADS_PER_BLOCK tpb 32:1024:32\n";

SearchSpace space() { return parse_search_space(kRanges, "bench.cu"); }

bool allows(const std::string& expression, Variant variant, const std::map<std::string, std::int64_t>& limits = {}) {
  const SearchSpace s = space();
  return Constraint(expression, s, "bench.cu", 3).allows(variant, limits);
}

std::string error_of(const std::string& source) {
  const std::string text = kRanges + source;
  try {
    parse_constraints(text, "bench.cu", parse_search_space(text, "bench.cu"));
  } catch (const UserError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("constraints use labels and macros with C's precedence", "[constraint]") {
  CHECK(allows("ipt * tpb <= 4096", {16, 256}));
  CHECK_FALSE(allows("ipt * tpb <= 4096", {16, 512}));
  CHECK(allows("TUNE_ITEMS_PER_THREAD * TUNE_THREADS_PER_BLOCK <= 4096", {16, 256}));
  CHECK(allows("1 + 2 * 3 == 7", {1, 32}));
  CHECK(allows("(1 + 2) * 3 == 9", {1, 32}));
  CHECK(allows("tpb % 64 == 0 || ipt == 1", {1, 96}));
  CHECK_FALSE(allows("tpb % 64 == 0 || ipt == 1", {2, 96}));
  CHECK(allows("!(ipt > 4) && -ipt < 0", {3, 32}));
  CHECK(allows("ipt != 5", {4, 32}));
  CHECK_FALSE(allows("ipt >= 5", {4, 32}));
  CHECK(allows("10 - 4 - 3 == 3 && 64 / 4 / 2 == 8", {1, 32}));  // left-associative
}

TEST_CASE("an arithmetic fault excludes the variant, without a crash", "[constraint]") {
  CHECK_FALSE(allows("tpb / (ipt - 1) > 0", {1, 32}));
  CHECK(allows("tpb / (ipt - 1) > 0", {2, 32}));
  CHECK_FALSE(allows("9223372036854775807 + ipt > 0", {1, 32}));
  CHECK_FALSE(allows("9223372036854775807 * tpb > 0", {1, 32}));
  // && and || short-circuit as in C, so a guarded division is safe.
  CHECK_FALSE(allows("ipt != 1 && tpb % (ipt - 1) == 0", {1, 32}));
  CHECK(allows("ipt == 1 || tpb % (ipt - 1) == 0", {1, 32}));
  CHECK(allows("ipt == 1 || tpb / (ipt - 1) > 0", {1, 32}));
  // Dividing by -1 is fine, but for the one quotient that overflows; so is negating, but for the least value.
  CHECK(allows("ipt / -1 == -4 && ipt % -1 == 0", {4, 32}));
  CHECK(allows("ipt / 2 < 0 && ipt % 2 == 0", {INT64_MIN, 32}));
  CHECK_FALSE(allows("ipt / -1 != 0", {INT64_MIN, 32}));
  CHECK_FALSE(allows("ipt % -1 == 0", {INT64_MIN, 32}));
  CHECK(allows("-ipt < 0", {INT64_MAX, 32}));
  CHECK_FALSE(allows("-ipt != 0", {INT64_MIN, 32}));
}

TEST_CASE("device limits apply once the device reported them", "[constraint]") {
  const std::map<std::string, std::int64_t> h200{{"max_threads_per_block", 1024}, {"shared_memory_per_block", 49152}};
  CHECK(allows("tpb <= max_threads_per_block", {1, 1024}, h200));
  CHECK_FALSE(allows("tpb <= max_threads_per_block / 2", {1, 1024}, h200));
  // Unknown (a host benchmark, or before the device was probed): the constraint does not apply...
  CHECK(allows("tpb <= max_threads_per_block / 2", {1, 1024}));
  // ...but a known part still decides: false && unknown is false, true || unknown is true.
  CHECK_FALSE(allows("ipt > 8 && tpb <= max_threads_per_block", {1, 32}));
  CHECK(allows("ipt < 8 || tpb > max_threads_per_block", {1, 32}));
  // With the unknown part on the left: unknown && false is false; unknown && true stays unknown.
  CHECK_FALSE(allows("tpb <= max_threads_per_block && ipt > 8", {1, 32}));
  CHECK(allows("tpb <= max_threads_per_block && ipt < 8", {1, 32}));
  // unknown || true is true, so its negation excludes; unknown || false stays unknown, and so does its negation.
  CHECK_FALSE(allows("!(tpb > max_threads_per_block || ipt < 8)", {1, 32}));
  CHECK(allows("!(tpb > max_threads_per_block || ipt > 8)", {1, 32}));
}

TEST_CASE("&& is false when either operand is; comparisons are exact at equality", "[constraint]") {
  CHECK_FALSE(allows("ipt < 8 && tpb > 64", {1, 32}));  // false by its right operand
  CHECK_FALSE(allows("ipt > 8 && tpb < 64", {1, 32}));  // by its left
  CHECK(allows("ipt < 8 && tpb < 64", {1, 32}));
  CHECK(allows("ipt > 8 || tpb < 64", {1, 32}));  // || true by its right operand
  CHECK_FALSE(allows("ipt > 8 || tpb > 64", {1, 32}));
  // Each comparison at equality and one step to either side.
  CHECK(allows("ipt >= 4", {4, 32}));
  CHECK(allows("ipt >= 4", {5, 32}));
  CHECK_FALSE(allows("ipt >= 4", {3, 32}));
  CHECK_FALSE(allows("ipt > 4", {4, 32}));
  CHECK(allows("ipt > 4", {5, 32}));
  CHECK(allows("ipt <= 4", {4, 32}));
  CHECK_FALSE(allows("ipt <= 4", {5, 32}));
  CHECK_FALSE(allows("ipt < 4", {4, 32}));
  CHECK(allows("ipt < 4", {3, 32}));
  CHECK(allows("ipt == 4", {4, 32}));
  CHECK_FALSE(allows("ipt == 4", {5, 32}));
  CHECK_FALSE(allows("ipt != 4", {4, 32}));
}

TEST_CASE("every constraint line of a source is parsed; switched-off ones are not", "[constraint]") {
  const std::string text = kRanges +
                           "// %CONSTRAINT% ipt * tpb <= 4096\n"
                           "// %//CONSTRAINT//% ipt == 99\n"
                           "int x; // %CONSTRAINT% is only a directive at the start of a comment line\n"
                           "//%CONSTRAINT% tpb % 64 == 0   \n";
  const SearchSpace s = parse_search_space(text, "bench.cu");
  const auto constraints = parse_constraints(text, "bench.cu", s);
  REQUIRE(constraints.size() == 2);
  CHECK(constraints[0].text() == "ipt * tpb <= 4096");
  CHECK(constraints[0].line() == 3);
  CHECK(constraints[1].text() == "tpb % 64 == 0");
  CHECK(constraints[1].line() == 6);
  CHECK(all_allow(constraints, {16, 256}, {}));
  CHECK_FALSE(all_allow(constraints, {16, 512}, {}));
  CHECK_FALSE(all_allow(constraints, {1, 96}, {}));
}

TEST_CASE("malformed constraints name the file and line", "[constraint]") {
  CHECK(error_of("// %CONSTRAINT%\n") ==
        "bench.cu:3: %CONSTRAINT% needs an expression, such as: // %CONSTRAINT% tpb * ipt <= 8192");
  CHECK(error_of("// %CONSTRAINT% ipt <= blocks\n") ==
        "bench.cu:3: %CONSTRAINT% 'ipt <= blocks': 'blocks' is neither a %RANGE% parameter nor a device limit "
        "(max_threads_per_block, shared_memory_per_block, shared_memory_per_block_optin)");
  CHECK(error_of("// %CONSTRAINT% (ipt <= 4\n") == "bench.cu:3: %CONSTRAINT% '(ipt <= 4': a '(' is not closed");
  CHECK(error_of("// %CONSTRAINT% ipt <=\n") == "bench.cu:3: %CONSTRAINT% 'ipt <=': the expression ends too early");
  CHECK(error_of("// %CONSTRAINT% ipt = 4\n") == "bench.cu:3: %CONSTRAINT% 'ipt = 4': unexpected '='");
  CHECK(error_of("// %CONSTRAINT% ipt & 4\n") == "bench.cu:3: %CONSTRAINT% 'ipt & 4': unexpected '&'");
  CHECK(error_of("// %CONSTRAINT% ipt 4\n") == "bench.cu:3: %CONSTRAINT% 'ipt 4': unexpected '4'");
  CHECK(
      error_of("// %CONSTRAINT% ipt < 99999999999999999999\n") ==
      "bench.cu:3: %CONSTRAINT% 'ipt < 99999999999999999999': the number 99999999999999999999 does not fit in 64 bits");
  CHECK(error_of("// %CONSTRAINT% ipt < 4\n// %CONSTRAINT% tpb $ 2\n") ==
        "bench.cu:4: %CONSTRAINT% 'tpb $ 2': unexpected '$'");
  CHECK(error_of("// %CONSTRAINT% ipt < $\n") == "bench.cu:3: %CONSTRAINT% 'ipt < $': unexpected '$'");
  CHECK(error_of("// %CONSTRAINT% _x > 0\n") ==
        "bench.cu:3: %CONSTRAINT% '_x > 0': '_x' is neither a %RANGE% parameter nor a device limit "
        "(max_threads_per_block, shared_memory_per_block, shared_memory_per_block_optin)");
  // An expression of up to 100 characters is quoted whole; a longer one by its first 60.
  const std::string hundred = "ipt" + std::string(96, ' ') + "$";
  CHECK(error_of("// %CONSTRAINT% " + hundred + "\n") == "bench.cu:3: %CONSTRAINT% '" + hundred + "': unexpected '$'");
  CHECK(error_of("// %CONSTRAINT% " + hundred + "$\n") ==
        "bench.cu:3: %CONSTRAINT% '" + hundred.substr(0, 60) + "...': unexpected '$'");
  CHECK(error_of("// %CONSTRAINT% (ipt <= 4 x\n") == "bench.cu:3: %CONSTRAINT% '(ipt <= 4 x': a '(' is not closed");
  CHECK(error_of("// %CONSTRAINT% ipt < != 4\n") == "bench.cu:3: %CONSTRAINT% 'ipt < != 4': unexpected '!'");
  CHECK(error_of("// %CONSTRAINT% ipt + 99999999999999999999 > ipt\n") ==
        "bench.cu:3: %CONSTRAINT% 'ipt + 99999999999999999999 > ipt': the number 99999999999999999999 does not fit in "
        "64 bits");
}

TEST_CASE("an expression nested deeper than 64 levels is an error, not a stack overflow", "[constraint]") {
  // Each shape recurses in another place: the parser (parentheses, unary operators), evaluation
  // and destruction (a long chain of binary operators, built without recursion).
  const std::string parentheses = std::string(100000, '(') + "1" + std::string(100000, ')');
  const std::string negations = std::string(100000, '!') + "ipt";
  std::string sum = "ipt";
  for (int i = 0; i < 100000; ++i) sum += " + 1";
  for (const std::string& expression : {parentheses, negations, sum}) {
    const std::string error = error_of("// %CONSTRAINT% " + expression + " > 0\n");
    CHECK_THAT(error, Catch::EndsWith("the expression nests deeper than 64 levels"));
    CHECK(error.size() < 200);  // one readable line, not the whole expression
  }
  // At the limit: 63 parentheses around a comparison still parse and evaluate.
  CHECK(allows(std::string(63, '(') + "ipt <= 4" + std::string(63, ')'), {4, 32}));
}

TEST_CASE("the depth limit is exact: 64 levels parse, 65 do not", "[constraint]") {
  const std::string too_deep = "the expression nests deeper than 64 levels";
  // Open parentheses count.
  CHECK(allows(std::string(64, '(') + "ipt <= 4" + std::string(64, ')'), {4, 32}));
  CHECK_THAT(error_of("// %CONSTRAINT% " + std::string(65, '(') + "ipt <= 4" + std::string(65, ')') + "\n"),
             Catch::EndsWith(too_deep));
  // A chain of binary operators counts its tree: the first operand one level, each "+ 1" one more,
  // and "> 0" one more; a unary operator is a level too.
  const auto sum = [](const std::string& first, int ones) {
    std::string text = first;
    for (int i = 0; i < ones; ++i) text += " + 1";
    return text + " > 0";
  };
  CHECK(allows(sum("ipt", 62), {1, 32}));
  CHECK_THAT(error_of("// %CONSTRAINT% " + sum("ipt", 63) + "\n"), Catch::EndsWith(too_deep));
  CHECK(allows(sum("-ipt", 61), {1, 32}));
  CHECK_THAT(error_of("// %CONSTRAINT% " + sum("-ipt", 62) + "\n"), Catch::EndsWith(too_deep));
  // Closed parentheses count no more: 127 groups, never more than 7 open at once.
  std::string balanced = "ipt";
  for (int i = 0; i < 7; ++i) balanced = "(" + balanced + " + " + balanced + ")";
  CHECK(allows(balanced + " == 128", {1, 32}));
}
