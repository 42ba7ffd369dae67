#include "space/error_constraints.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace policytune;

namespace {

const std::string kTransformRanges =
    "// %RANGE% TUNE_ALGORITHM alg 0:4:1\n"
    "// %RANGE% TUNE_PREFETCH_MULT pref 1:3:1\n";

std::vector<Constraint> constraints_stated_by(const std::string& code) {
  const std::string text = kTransformRanges + code;
  return error_directive_constraints(text, "bench.cu", parse_search_space(text, "bench.cu"));
}

// Whether the constraints allow the variant {alg, pref}.
bool allowed_by(const std::vector<Constraint>& constraints, std::int64_t algorithm, std::int64_t prefetch) {
  return all_allow(constraints, Variant{algorithm, prefetch}, {});
}

}  // namespace

TEST_CASE("an #error under conditions over the parameters rules those variants out", "[error_constraints]") {
  // CCCL 3.4's transform benchmarks, as written.
  const auto constraints = constraints_stated_by(
      "#if !TUNE_BASE && TUNE_ALGORITHM != 0 && (TUNE_PREFETCH_MULT != 1) // why\n"
      "#  error \"Non-prefetch algorithms require prefetch multiple to be 1\"\n"
      "#endif\n");
  REQUIRE(constraints.size() == 1);
  CHECK(constraints[0].line() == 4);
  CHECK(allowed_by(constraints, 0, 3));  // prefetch: any multiple
  CHECK(allowed_by(constraints, 2, 1));  // another algorithm, multiple 1
  CHECK_FALSE(allowed_by(constraints, 2, 2));
}

TEST_CASE("nested #if blocks combine, a continued line is one condition", "[error_constraints]") {
  const auto constraints = constraints_stated_by(
      "#if !TUNE_BASE\n"
      "#  if TUNE_ALGORITHM == 4 && \\\n"
      "      TUNE_PREFETCH_MULT > 2\n"
      "#    error \"no\"\n"
      "#  endif\n"
      "#endif\n");
  REQUIRE(constraints.size() == 1);
  CHECK_FALSE(allowed_by(constraints, 4, 3));
  CHECK(allowed_by(constraints, 4, 2));
  CHECK(allowed_by(constraints, 3, 3));
}

TEST_CASE("an #error that cannot be evaluated, or that every variant reaches, states no constraint",
          "[error_constraints]") {
  // Every variant: a broken build, which the search must report (the all-fail search).
  CHECK(constraints_stated_by("#if !TUNE_BASE\n#  error \"deliberate failure\"\n#endif\n").empty());
  // A name the evaluator does not know (a macro the source defines, the release).
  CHECK(constraints_stated_by("#define BIG (TUNE_ALGORITHM * 2)\n#if BIG > 6\n#  error \"big\"\n#endif\n").empty());
  CHECK(constraints_stated_by("#if CUB_VERSION < 300400 && TUNE_ALGORITHM == 4\n#  error \"old\"\n#endif\n").empty());
  // #else and #elif branches, #ifdef and #ifndef blocks are not followed.
  CHECK(constraints_stated_by("#if TUNE_ALGORITHM == 0\n#else\n#  error \"x\"\n#endif\n").empty());
  CHECK(constraints_stated_by("#if TUNE_ALGORITHM == 0\n#elif TUNE_PREFETCH_MULT == 2\n#  error \"x\"\n#endif\n")
            .empty());
  CHECK(constraints_stated_by("#ifdef TUNE_ALGORITHM\n#  error \"x\"\n#endif\n").empty());
  // An #error after its block closed is no longer under its condition.
  CHECK(constraints_stated_by("#if TUNE_ALGORITHM == 0\n#endif\n#error \"always\"\n").empty());
}
