// The host side of bench/histogram/even.cu's verification.
#include "histogram/even_check.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace policytune::bench;

TEST_CASE("even bins follow CUB's definition", "[bench_check]") {
  // 4 bins of [0, 8): width 2; the upper bound is excluded, values outside are not binned.
  CHECK(histogram::bin_of(0, 5, 0, 8) == std::size_t{0});
  CHECK(histogram::bin_of(3, 5, 0, 8) == std::size_t{1});
  CHECK(histogram::bin_of(7, 5, 0, 8) == std::size_t{3});
  CHECK_FALSE(histogram::bin_of(8, 5, 0, 8));
  CHECK_FALSE(histogram::bin_of(-1, 5, 0, 8));
  // Uneven widths round down: 3 bins of [10, 20): (15 - 10) * 3 / 10 = 1.
  CHECK(histogram::bin_of(15, 4, 10, 20) == std::size_t{1});
  CHECK(histogram::bin_of(std::int8_t{-100}, 3, std::int8_t{-128}, std::int8_t{127}) == std::size_t{0});
  CHECK(histogram::bin_of(2.5f, 5, 0.0f, 8.0f) == std::size_t{1});
  CHECK_FALSE(histogram::bin_of(8.0f, 5, 0.0f, 8.0f));
  // A degenerate range bins nothing.
  CHECK_FALSE(histogram::bin_of(1, 1, 0, 8));
  CHECK_FALSE(histogram::bin_of(1, 5, 8, 8));
}

TEST_CASE("a histogram is checked against the binning and against CUB's", "[bench_check]") {
  const std::vector<std::int16_t> samples{0, 1, 1, 3, 4, 9, 3, 3};
  const auto expected = histogram::histogram_even<int>(samples, 5, std::int16_t{0}, std::int16_t{4});
  CHECK(expected == std::vector<int>{1, 2, 0, 3});
  CHECK(histogram::check(samples, 5, std::int16_t{0}, std::int16_t{4}, expected, expected).passed);

  const auto miscounted =
      histogram::check(samples, 5, std::int16_t{0}, std::int16_t{4}, std::vector<int>{1, 2, 1, 3}, expected);
  CHECK(miscounted.detail.find("bin counts: element 2:") == 0);
  const auto not_cubs =
      histogram::check(samples, 5, std::int16_t{0}, std::int16_t{4}, expected, std::vector<int>{1, 2, 0, 4});
  CHECK(not_cubs.detail.find("differs from cub::DeviceHistogram::HistogramEven: element 3:") == 0);
}
