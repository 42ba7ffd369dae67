#include "search/strategies/gaussian_process.hpp"

#include <catch2/catch.hpp>

#include <limits>

using namespace policytune;

TEST_CASE("a Gaussian process expects improvement near the best point and none far from it", "[strategy][surrogate]") {
  GaussianProcess model({11, 11}, 0.3, 1e-3);
  CHECK(model.expected_improvement({5, 5}) == 0.0);  // nothing to model yet
  // A bowl around (2, 8) sampled on a coarse grid, one point failed.
  for (std::uint64_t x = 0; x <= 10; x += 2) {
    for (std::uint64_t y = 0; y <= 10; y += 2) {
      const double dx = static_cast<double>(x) - 2, dy = static_cast<double>(y) - 8;
      model.add({x, y}, 1.0 + dx * dx + dy * dy);
    }
  }
  model.add({10, 9}, std::numeric_limits<double>::infinity());
  CHECK(model.size() == 37);
  const double near = model.expected_improvement({3, 8});
  CHECK(near > model.expected_improvement({9, 1}));
  CHECK(near > model.expected_improvement({7, 3}));
  CHECK(near > 0.0);
  // A point measured is known: barely any improvement expected there.
  CHECK(model.expected_improvement({10, 0}) < 1e-3);
}
