// A benchmark's variants less those a database holds: the whole space's restrictions, the named
// points restricted too.
#include "space/variants_except.hpp"

#include <catch2/catch.hpp>

#include "space/constraint.hpp"

using namespace policytune;

TEST_CASE("variants except those named: the named and the restricted are not allowed", "[variants_except]") {
  const std::string source = "// %RANGE% TUNE_A a 1:4:1\n// %RANGE% TUNE_B b 32:128:32\n// %CONSTRAINT% a * b <= 256\n";
  const SearchSpace space = parse_search_space(source, "bench.cpp");
  const auto constraints = parse_constraints(source, "bench.cpp", space);
  const VariantSpace whole(space, constraints, {});
  const VariantsExcept except(whole, {"a_1.b_32", "a_4.b_128", "base", "a_9.b_1"});
  CHECK(except.axis_sizes() == whole.axis_sizes());
  CHECK_FALSE(except.allowed({0, 0}));  // named
  CHECK_FALSE(except.allowed({3, 3}));  // named, and restricted anyway
  CHECK_FALSE(except.allowed({2, 3}));  // restricted: 3 * 128 > 256
  CHECK(except.allowed({0, 1}));
  CHECK(except.excluded_allowed() == 1);  // a_4.b_128 was not allowed to begin with
}
