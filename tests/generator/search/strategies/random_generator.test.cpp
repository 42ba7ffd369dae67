#include "search/strategies/random_generator.hpp"

#include <catch2/catch.hpp>

#include <vector>

using policytune::RandomGenerator;

TEST_CASE("random draws are the same on every platform", "[strategy]") {
  // mt19937_64's sequence is fixed by the standard and the bounded draws are our own: these
  // numbers must not change with the standard library.
  RandomGenerator random(1);
  std::vector<std::uint64_t> draws;
  for (int i = 0; i < 5; ++i) draws.push_back(random.below(1000));
  CHECK(draws == std::vector<std::uint64_t>{528, 462, 930, 246, 384});
  CHECK(random.uniform() == Approx(0.91135804791117681).epsilon(1e-15));
}

TEST_CASE("bounded draws stay in bounds and cover them evenly", "[strategy]") {
  RandomGenerator random(7);
  CHECK(random.below(1) == 0);
  std::vector<int> counts(6, 0);
  for (int i = 0; i < 60000; ++i) {
    const std::uint64_t value = random.below(6);
    REQUIRE(value < 6);
    ++counts[value];
  }
  for (const int count : counts) CHECK(count == Approx(10000).margin(400));
  for (int i = 0; i < 1000; ++i) {
    const double value = random.uniform();
    REQUIRE(value >= 0.0);
    REQUIRE(value < 1.0);
  }
  CHECK(random.below(UINT64_MAX) < UINT64_MAX);
}

TEST_CASE("shuffle permutes, the same way for the same seed", "[strategy]") {
  std::vector<int> a{1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int> b = a;
  RandomGenerator first(3);
  RandomGenerator second(3);
  first.shuffle(a);
  second.shuffle(b);
  CHECK(a == b);
  CHECK(a != std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8});
  std::sort(a.begin(), a.end());
  CHECK(a == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8});
}
