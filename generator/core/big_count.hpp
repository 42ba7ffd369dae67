#pragma once

#include <compare>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace policytune {

// 128-bit arithmetic for exact per-parameter counts (a range may hold 2^64 values).
__extension__ typedef unsigned __int128 Uint128;

// An exact unsigned integer of any size. Search spaces are Cartesian products whose sizes
// (CUB's segmented sort: 2.4e11, synthetic ones: 4e21 and beyond) overflow 64 bits, yet must be
// printed exactly and indexed for lazy enumeration and random sampling.
class BigCount {
public:
  BigCount() = default;
  BigCount(std::uint64_t value);  // NOLINT(google-explicit-constructor): counts read naturally
  static BigCount from_u128(Uint128 value);
  static BigCount parse(const std::string& decimal);  // throws std::invalid_argument

  bool is_zero() const noexcept { return limbs_.empty(); }
  bool fits_u64() const noexcept { return limbs_.size() <= 2; }
  std::uint64_t to_u64() const;  // throws std::overflow_error when it does not fit
  double to_double() const noexcept;
  std::string to_string() const;

  BigCount operator+(const BigCount& other) const;
  BigCount operator*(const BigCount& other) const;

  // A uniformly random count in [0, bound), bound > 0; deterministic for the generator's state.
  static BigCount random_below(const BigCount& bound, std::mt19937_64& generator);

  // Divides in place by `divisor` (non-zero) and returns the remainder.
  std::uint64_t divide(std::uint64_t divisor);

  std::strong_ordering operator<=>(const BigCount& other) const noexcept;
  bool operator==(const BigCount& other) const noexcept = default;

private:
  void trim() noexcept;

  std::vector<std::uint32_t> limbs_;  // little-endian base 2^32, no leading zero limbs
};

}  // namespace policytune
