#include <policytune/bench/custom_difference.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

namespace {
// A user's type with no ==, no printing, and a tolerance: what bench/custom/*.cu.in compare.
struct approx {
  double value;
};
}  // namespace

template <>
struct policytune::verification<approx> {
  static approx input(std::size_t i) { return {static_cast<double>(i)}; }
  static bool same(const approx& expected, const approx& actual) {
    return std::abs(expected.value - actual.value) <= 0.5;
  }
};

using policytune::bench::first_custom_difference;

TEST_CASE("first_custom_difference: verification<T>::same decides, the first rejected element is named with the count",
          "[bench_check]") {
  const std::vector<approx> want{{1.0}, {2.0}, {3.0}, {4.0}};
  CHECK(first_custom_difference("scan", want.data(), want.data(), want.size()).empty());
  // Within the user's tolerance: the same.
  const std::vector<approx> close{{1.25}, {2.0}, {2.75}, {4.0}};
  CHECK(first_custom_difference("scan", close.data(), want.data(), close.size()).empty());
  const std::vector<approx> got{{1.0}, {9.0}, {3.0}, {-4.0}};
  CHECK(first_custom_difference("aggregate", got.data(), want.data(), got.size()) ==
        "aggregate element 1 differs (2 of 4 differ)");
  // Only `count` items are compared.
  CHECK(first_custom_difference("scan", got.data(), want.data(), 1).empty());
}
