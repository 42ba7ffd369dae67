// What a check is held to unless told otherwise: the thresholds its verdicts and --help state.
#include "check/check_options.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("a check allows 2% slower than base and 15% drift by default, one policy per workload", "[check_options]") {
  const CheckOptions options;
  CHECK(options.tolerance == 0.02);
  CHECK(options.max_drift == 0.15);
  CHECK_FALSE(options.dispatch);
  CHECK(options.database == "policytune.db");
  CHECK(options.sources.empty());
}
