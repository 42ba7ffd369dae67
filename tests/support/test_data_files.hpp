#pragma once

#include <string>

namespace policytune::testing {

// Test inputs that several test files read (tests/data).
inline const std::string kTinyBenchmark = POLICYTUNE_TEST_DATA "/search/bench/tiny/sum.cpp";
inline const std::string kTinyLandscape = POLICYTUNE_TEST_DATA "/landscapes/tiny.json";
inline const std::string kPnpolyLandscape = POLICYTUNE_TEST_DATA "/landscapes/RTX_3090__pnpoly.json.gz";

}  // namespace policytune::testing
