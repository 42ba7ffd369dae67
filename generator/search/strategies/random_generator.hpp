#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace policytune {

// The strategies' one source of randomness. mt19937_64's sequence is fixed by the standard, but
// std::uniform_int_distribution, std::shuffle and friends differ between standard libraries; the
// draws here are our own, so a seed gives the same search on every platform.
class RandomGenerator {
public:
  explicit RandomGenerator(std::uint64_t seed) : engine_(seed) {}

  // Uniform in [0, bound); bound >= 1.
  std::uint64_t below(std::uint64_t bound);
  // Uniform in [0, 1), from 53 random bits.
  double uniform();
  bool chance(double probability) { return uniform() < probability; }

  // Fisher-Yates with our own draws.
  template <class T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
  }

  // For BigCount::random_below, whose draws are its own too.
  std::mt19937_64& engine() { return engine_; }

private:
  std::mt19937_64 engine_;
};

}  // namespace policytune
