#include "core/big_count.hpp"

#include <algorithm>
#include <stdexcept>

namespace policytune {

BigCount::BigCount(std::uint64_t value) {
  while (value != 0) {
    limbs_.push_back(static_cast<std::uint32_t>(value));
    value >>= 32;
  }
}

BigCount BigCount::from_u128(Uint128 value) {
  BigCount result;
  while (value != 0) {
    result.limbs_.push_back(static_cast<std::uint32_t>(value));
    value >>= 32;
  }
  return result;
}

BigCount BigCount::parse(const std::string& decimal) {
  if (decimal.empty()) throw std::invalid_argument("empty number");
  BigCount result;
  for (char digit : decimal) {
    if (digit < '0' || digit > '9') throw std::invalid_argument("not a decimal number: " + decimal);
    result = result * BigCount(10) + BigCount(static_cast<std::uint64_t>(digit - '0'));
  }
  return result;
}

std::uint64_t BigCount::to_u64() const {
  if (!fits_u64()) throw std::overflow_error("count does not fit in 64 bits: " + to_string());
  std::uint64_t value = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) value = (value << 32) | limbs_[i];
  return value;
}

double BigCount::to_double() const noexcept {
  double value = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) value = value * 4294967296.0 + limbs_[i];
  return value;
}

std::string BigCount::to_string() const {
  if (is_zero()) return "0";
  BigCount rest = *this;
  std::string digits;
  while (!rest.is_zero()) {
    std::uint64_t chunk = rest.divide(1'000'000'000);
    for (int i = 0; i < 9; ++i) {
      digits.push_back(static_cast<char>('0' + chunk % 10));
      chunk /= 10;
      if (rest.is_zero() && chunk == 0) break;
    }
  }
  std::reverse(digits.begin(), digits.end());
  return digits;
}

BigCount BigCount::operator+(const BigCount& other) const {
  BigCount sum;
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < std::max(limbs_.size(), other.limbs_.size()) || carry != 0; ++i) {
    std::uint64_t digit = carry;
    if (i < limbs_.size()) digit += limbs_[i];
    if (i < other.limbs_.size()) digit += other.limbs_[i];
    sum.limbs_.push_back(static_cast<std::uint32_t>(digit));
    carry = digit >> 32;
  }
  sum.trim();
  return sum;
}

BigCount BigCount::operator*(const BigCount& other) const {
  if (is_zero() || other.is_zero()) return {};
  BigCount product;
  product.limbs_.assign(limbs_.size() + other.limbs_.size(), 0);
  for (std::size_t i = 0; i < limbs_.size(); ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; j < other.limbs_.size() || carry != 0; ++j) {
      std::uint64_t cell = product.limbs_[i + j] + carry;
      if (j < other.limbs_.size()) cell += std::uint64_t{limbs_[i]} * other.limbs_[j];
      product.limbs_[i + j] = static_cast<std::uint32_t>(cell);
      carry = cell >> 32;
    }
  }
  product.trim();
  return product;
}

std::uint64_t BigCount::divide(std::uint64_t divisor) {
  if (divisor == 0) throw std::domain_error("division by zero");
  Uint128 remainder = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) {
    Uint128 current = (remainder << 32) | limbs_[i];
    limbs_[i] = static_cast<std::uint32_t>(current / divisor);
    remainder = current % divisor;
  }
  trim();
  return static_cast<std::uint64_t>(remainder);
}

BigCount BigCount::random_below(const BigCount& bound, std::mt19937_64& generator) {
  if (bound.is_zero()) throw std::domain_error("random_below(0)");
  // Rejection sampling over as many bits as the bound has: fewer than two draws expected.
  const std::uint32_t top = bound.limbs_.back();
  std::uint32_t mask = top;
  for (int shift = 1; shift < 32; shift <<= 1) mask |= mask >> shift;
  while (true) {
    BigCount candidate;
    candidate.limbs_.resize(bound.limbs_.size());
    for (auto& limb : candidate.limbs_) limb = static_cast<std::uint32_t>(generator());
    candidate.limbs_.back() &= mask;
    candidate.trim();
    if (candidate < bound) return candidate;
  }
}

std::strong_ordering BigCount::operator<=>(const BigCount& other) const noexcept {
  if (limbs_.size() != other.limbs_.size()) return limbs_.size() <=> other.limbs_.size();
  for (std::size_t i = limbs_.size(); i-- > 0;) {
    if (limbs_[i] != other.limbs_[i]) return limbs_[i] <=> other.limbs_[i];
  }
  return std::strong_ordering::equal;
}

void BigCount::trim() noexcept {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

}  // namespace policytune
