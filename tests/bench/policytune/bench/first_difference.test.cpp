#include <policytune/bench/first_difference.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using policytune::bench::count_difference;
using policytune::bench::first_difference;

TEST_CASE("first_difference: equal outputs pass, the first differing element is named with the count",
          "[bench_check]") {
  const std::vector<int> want{1, 2, 3, 4, 5};
  CHECK(first_difference("out", want.data(), want.data(), want.size()).empty());
  const std::vector<int> got{1, 9, 3, 8, 5};
  CHECK(first_difference("out", got.data(), want.data(), got.size()) == "out element 1: got 9, want 2 (2 of 5 differ)");
  // Only `count` items are compared: what lies beyond the output's end does not matter.
  CHECK(first_difference("out", got.data(), want.data(), 1).empty());
}

TEST_CASE("first_difference compares bits: -0.0 and NaN as written, 8-bit values as numbers", "[bench_check]") {
  const std::vector<float> zero{0.0f};
  const std::vector<float> negative_zero{-0.0f};
  CHECK(first_difference("f", negative_zero.data(), zero.data(), 1) == "f element 0: got -0, want 0 (1 of 1 differ)");
  const std::vector<double> nan{std::numeric_limits<double>::quiet_NaN()};
  CHECK(first_difference("d", nan.data(), nan.data(), 1).empty());
  const std::vector<std::int8_t> got{65};
  const std::vector<std::int8_t> want{-3};
  CHECK(first_difference("k", got.data(), want.data(), 1) == "k element 0: got 65, want -3 (1 of 1 differ)");
}

TEST_CASE("count_difference names both counts", "[bench_check]") {
  CHECK(count_difference("runs", 4, 4).empty());
  CHECK(count_difference("runs", 3, 4) == "runs: got 3, want 4");
}
