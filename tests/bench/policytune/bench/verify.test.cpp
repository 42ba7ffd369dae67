#include <policytune/bench/verify.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

using policytune::bench::expect_close;
using policytune::bench::expect_equal;

TEST_CASE("expect_close: a NaN output never matches a finite reference, nor a finite output a NaN one",
          "[bench_check]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_FALSE(expect_close(nan, 1.0).passed);
  CHECK_FALSE(expect_close(1.0, nan).passed);
  CHECK_FALSE(expect_close(std::vector<float>{1.0f, std::nanf("")}, std::vector<float>{1.0f, 2.0f}).passed);
  CHECK(expect_close(nan, nan).passed);  // a NaN the reference holds too
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(expect_close(inf, inf).passed);
  CHECK_FALSE(expect_close(-inf, inf).passed);
  CHECK_FALSE(expect_close(inf, 1e300).passed);
}

TEST_CASE("expect_close: numpy.isclose's bound, atol + rtol * |expected|, and not a tenth of it more",
          "[bench_check]") {
  // Defaults atol 1e-6, rtol 1e-5: the bound at 1.0 is 1.1e-5.
  CHECK(expect_close(1.0 + 1.0e-5, 1.0).passed);
  CHECK_FALSE(expect_close(1.0 + 1.2e-5, 1.0).passed);
  CHECK_FALSE(expect_close(1.0 + 1.1e-4, 1.0).passed);  // ten times the bound
  // Near zero only atol counts.
  CHECK(expect_close(9e-7, 0.0).passed);
  CHECK_FALSE(expect_close(2e-6, 0.0).passed);
  // Relative to the expected value, not the actual one.
  CHECK_FALSE(expect_close(100.0, 100.0 * (1 + 2e-5)).passed);
  // Given tolerances are used as given.
  CHECK(expect_close(1.05, 1.0, 0.0, 0.1).passed);
  CHECK_FALSE(expect_close(1.05, 1.0, 0.0, 0.01).passed);
}

TEST_CASE("expect_close and expect_equal name the first bad element, how many differ, and the tolerance",
          "[bench_check]") {
  const std::vector<double> expected{1.0, 2.0, 3.0, 4.0};
  const std::vector<double> actual{1.0, 2.5, 3.0, 4.5};
  const auto close = expect_close(actual, expected);
  CHECK_FALSE(close.passed);
  CHECK(close.detail == "element 1: actual 2.5, expected 2 (atol 1e-06, rtol 1e-05) (2 of 4 elements differ)");
  CHECK_FALSE(expect_close(std::vector<double>{1.0}, expected).passed);  // sizes differ
  const auto equal = expect_equal(std::vector<int>{1, 2, 3}, std::vector<int>{1, 2, 4});
  CHECK_FALSE(equal.passed);
  CHECK(expect_equal(std::vector<int>{1, 2, 3}, std::vector<int>{1, 2, 3}).passed);
  CHECK(expect_equal(std::nan(""), std::nan("")).passed);
  CHECK_FALSE(expect_equal(std::nan(""), 0.0).passed);
}
