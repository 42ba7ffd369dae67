#include "search/strategies/random_forest.hpp"

#include <catch2/catch.hpp>

#include <limits>

using namespace policytune;

namespace {

// A bowl around (2, 8) sampled on a coarse grid, one point failed.
void add_bowl(RandomForest& model) {
  for (std::uint64_t x = 0; x <= 10; x += 2) {
    for (std::uint64_t y = 0; y <= 10; y += 2) {
      const double dx = static_cast<double>(x) - 2, dy = static_cast<double>(y) - 8;
      model.add({x, y}, 1.0 + dx * dx + dy * dy);
    }
  }
  model.add({10, 9}, std::numeric_limits<double>::infinity());
}

}  // namespace

TEST_CASE("a random forest predicts low costs near the best point and expects improvement there",
          "[strategy][surrogate]") {
  RandomForest model({11, 11}, 7);
  CHECK(model.expected_improvement({5, 5}) == 0.0);  // nothing to model yet
  add_bowl(model);
  CHECK(model.size() == 37);
  const auto near = model.predict({2, 8});
  const auto far = model.predict({10, 0});
  CHECK(near.mean < far.mean);
  CHECK(near.sigma > 0.0);
  CHECK(model.predict({3, 8}).mean < model.predict({9, 1}).mean);
  const double promising = model.expected_improvement({3, 8});
  CHECK(promising > model.expected_improvement({9, 1}));
  CHECK(promising > model.expected_improvement({7, 3}));
  CHECK(promising > 0.0);
  // The failure is modelled as the worst cost seen: no better than its neighbours.
  CHECK(model.predict({10, 9}).mean >= model.predict({10, 6}).mean);
}

TEST_CASE("a random forest with the same seed and results makes the same predictions", "[strategy][surrogate]") {
  RandomForest first({11, 11}, 3), second({11, 11}, 3);
  add_bowl(first);
  add_bowl(second);
  for (std::uint64_t x = 0; x <= 10; ++x) {
    const auto a = first.predict({x, 10 - x});
    const auto b = second.predict({x, 10 - x});
    CHECK(a.mean == b.mean);
    CHECK(a.sigma == b.sigma);
  }
}

TEST_CASE("a random forest of one-valued axes predicts the mean", "[strategy][surrogate]") {
  RandomForest model({1, 1}, 1);
  model.add({0, 0}, 2.0);
  model.add({0, 0}, 4.0);
  CHECK(model.predict({0, 0}).mean == Approx(0.0).margin(1e-9));
}
