// The labels of fundamental types that CUB's benchmarks and the harness print.
#include "render/type_labels.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("the standard labels name their C++ types and sizes; others are a template's to spell", "[type_labels]") {
  CHECK(standard_spelling("I32") == "::std::int32_t");
  CHECK(standard_spelling("U128") == "unsigned __int128");
  CHECK(standard_spelling("F64") == "double");
  CHECK(standard_size("I8") == 1u);
  CHECK(standard_size("F32") == 4u);
  CHECK(standard_size("I128") == 16u);
  CHECK_FALSE(standard_spelling("V3"));  // a user's type: `type: V3 = ...` spells it
  CHECK_FALSE(standard_size("C64"));
}
