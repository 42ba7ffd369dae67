#include "search/strategies/random_generator.hpp"

namespace policytune {

std::uint64_t RandomGenerator::below(std::uint64_t bound) {
  // Rejects draws from the incomplete last block of `bound` values, so every residue is equally likely.
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  std::uint64_t value = 0;
  do {
    value = engine_();
  } while (value >= limit);
  return value % bound;
}

double RandomGenerator::uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

}  // namespace policytune
