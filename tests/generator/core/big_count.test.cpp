#include "core/big_count.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

using policytune::BigCount;
using policytune::Uint128;

namespace {

constexpr std::uint64_t kMaxU64 = std::numeric_limits<std::uint64_t>::max();

Uint128 two_to_64() { return Uint128{1} << 64; }

}  // namespace

TEST_CASE("BigCount multiplies exactly beyond 64 bits", "[big_count]") {
  const BigCount product = BigCount(4000) * BigCount(1'000'000'000'000'000'000ull);
  CHECK(product.to_string() == "4000000000000000000000");
  CHECK_FALSE(product.fits_u64());

  const BigCount chained = BigCount(4000) * BigCount(1'000'000'000) * BigCount(1'000'000'000);
  CHECK(chained.to_string() == "4000000000000000000000");
  CHECK(chained == product);

  // (2^64 - 1)^2 = 2^128 - 2^65 + 1
  const BigCount square = BigCount(kMaxU64) * BigCount(kMaxU64);
  CHECK(square.to_string() == "340282366920938463426481119284349108225");

  // A Cartesian product of ten ranges of 1000 values each: 10^30.
  BigCount space = 1;
  for (int i = 0; i < 10; ++i) space = space * BigCount(1000);
  CHECK(space.to_string() == "1" + std::string(30, '0'));

  CHECK((BigCount(0) * BigCount(kMaxU64)).is_zero());
  CHECK((BigCount(kMaxU64) * BigCount(0)).to_string() == "0");
  CHECK((BigCount(1) * BigCount(12345)).to_u64() == 12345);
}

TEST_CASE("BigCount adds with carries across limbs", "[big_count]") {
  CHECK((BigCount(kMaxU64) + BigCount(1)).to_string() == "18446744073709551616");
  CHECK((BigCount(0xFFFFFFFFull) + BigCount(1)).to_u64() == 0x100000000ull);
  CHECK((BigCount(0) + BigCount(0)).is_zero());
  CHECK((BigCount(7) + BigCount(0)).to_u64() == 7);
  const BigCount huge = BigCount::parse("99999999999999999999999999999999999999");
  CHECK((huge + BigCount(1)).to_string() == "100000000000000000000000000000000000000");
}

TEST_CASE("BigCount prints and parses decimal text, round trip", "[big_count]") {
  const char* numbers[] = {
      "0",
      "1",
      "9",
      "10",
      "999999999",
      "1000000000",
      "1000000001",
      "4294967295",
      "4294967296",
      "1000000000000000000",
      "1000000000000000001",
      "1000000000000000000000000000",
      "1000000000000000000000000007",
      "18446744073709551615",
      "18446744073709551616",
      "4000000000000000000000",
      "123456789012345678901234567890123456789012345678901234567890",
  };
  for (const std::string text : numbers) {
    INFO(text);
    CHECK(BigCount::parse(text).to_string() == text);
  }
  CHECK(BigCount(0).to_string() == "0");
  CHECK(BigCount().to_string() == "0");
  CHECK(BigCount().is_zero());
  CHECK(BigCount(1234567890123ull).to_string() == "1234567890123");
  CHECK(BigCount(kMaxU64).to_string() == "18446744073709551615");

  // Leading zeros are accepted and do not change the value.
  CHECK(BigCount::parse("000").is_zero());
  CHECK(BigCount::parse("000").to_string() == "0");
  CHECK(BigCount::parse("0042").to_u64() == 42);
}

TEST_CASE("BigCount::parse rejects what is not a decimal number", "[big_count]") {
  CHECK_THROWS_AS(BigCount::parse(""), std::invalid_argument);
  CHECK_THROWS_AS(BigCount::parse("12a"), std::invalid_argument);
  CHECK_THROWS_AS(BigCount::parse("-1"), std::invalid_argument);
  CHECK_THROWS_AS(BigCount::parse("+1"), std::invalid_argument);
  CHECK_THROWS_AS(BigCount::parse(" 1"), std::invalid_argument);
  CHECK_THROWS_AS(BigCount::parse("1e9"), std::invalid_argument);
  CHECK_THROWS_AS(BigCount::parse("1.5"), std::invalid_argument);
}

TEST_CASE("BigCount::divide divides in place and returns the remainder", "[big_count]") {
  BigCount value = BigCount::parse("4000000000000000000007");
  CHECK(value.divide(10) == 7);
  CHECK(value.to_string() == "400000000000000000000");
  CHECK(value.divide(1'000'000'000) == 0);
  CHECK(value.to_string() == "400000000000");

  // (2^64 + 7) / 3: 18446744073709551623 = 3 * 6148914691236517207 + 2.
  BigCount beyond = BigCount::from_u128(two_to_64() + 7);
  CHECK(beyond.divide(3) == 2);
  CHECK(beyond.to_string() == "6148914691236517207");

  // A divisor that is itself larger than 32 bits.
  BigCount big = BigCount::parse("123456789012345678901234567890");
  const std::uint64_t divisor = 10'000'000'000ull;
  CHECK(big.divide(divisor) == 1234567890ull);
  CHECK(big.to_string() == "12345678901234567890");
  CHECK(big.divide(kMaxU64) == 12345678901234567890ull);
  CHECK(big.is_zero());

  // Mixed-radix decoding, as lazy enumeration of a search space does it.
  BigCount index = BigCount(3) + BigCount(4) * BigCount(7) + BigCount(5) * BigCount(7 * 11);
  CHECK(index.divide(7) == 3);
  CHECK(index.divide(11) == 4);
  CHECK(index.divide(13) == 5);
  CHECK(index.is_zero());

  BigCount zero;
  CHECK(zero.divide(5) == 0);
  CHECK(zero.is_zero());

  BigCount any = 17;
  CHECK_THROWS_AS(any.divide(0), std::domain_error);
}

TEST_CASE("BigCount compares by value", "[big_count]") {
  const BigCount small = 5;
  const BigCount u64_max = kMaxU64;
  const BigCount two64 = BigCount::from_u128(two_to_64());
  const BigCount huge = BigCount::parse("4000000000000000000000");

  CHECK(small < u64_max);
  CHECK(u64_max < two64);
  CHECK(two64 < huge);
  CHECK(huge > small);
  CHECK_FALSE(huge < huge);
  CHECK(huge <= huge);
  CHECK(huge >= huge);
  CHECK((huge <=> huge) == std::strong_ordering::equal);
  CHECK((small <=> huge) == std::strong_ordering::less);
  CHECK((huge <=> small) == std::strong_ordering::greater);

  // Same number of limbs, differing in a low limb only.
  const BigCount a = BigCount::from_u128((two_to_64() * 3) + 1);
  const BigCount b = BigCount::from_u128((two_to_64() * 3) + 2);
  CHECK(a < b);
  CHECK(a != b);
  CHECK(b > a);
  // Differing in the high limb only.
  CHECK(BigCount::from_u128(two_to_64() * 2) < BigCount::from_u128(two_to_64() * 3));

  CHECK(BigCount(0) < BigCount(1));
  CHECK(BigCount() == BigCount(0));
  CHECK(BigCount::parse("0000") == BigCount());
  CHECK(BigCount::parse("18446744073709551616") == two64);
  // Equality after arithmetic that produced (then trimmed) leading zero limbs.
  BigCount shrunk = two64;
  shrunk.divide(2);
  CHECK(shrunk == BigCount(std::uint64_t{1} << 63));
  CHECK(shrunk.fits_u64());
}

TEST_CASE("BigCount::from_u128 and to_u64 at the 64-bit boundary", "[big_count]") {
  const BigCount two64 = BigCount::from_u128(two_to_64());
  CHECK(two64.to_string() == "18446744073709551616");
  CHECK_FALSE(two64.fits_u64());
  CHECK_THROWS_AS(two64.to_u64(), std::overflow_error);
  CHECK(two64.to_double() == Approx(18446744073709551616.0));

  const BigCount max = BigCount::from_u128(two_to_64() - 1);
  CHECK(max.fits_u64());
  CHECK(max.to_u64() == kMaxU64);
  CHECK(max == BigCount(kMaxU64));

  const Uint128 all_ones = ~Uint128{0};
  CHECK(BigCount::from_u128(all_ones).to_string() == "340282366920938463463374607431768211455");
  CHECK_THROWS_AS(BigCount::from_u128(all_ones).to_u64(), std::overflow_error);

  CHECK(BigCount::from_u128(0).is_zero());
  CHECK(BigCount::from_u128(0).to_u64() == 0);
  CHECK(BigCount::from_u128(42).to_u64() == 42);
  CHECK(BigCount(0x1'0000'0001ull).to_u64() == 0x1'0000'0001ull);

  CHECK_THROWS_AS(BigCount::parse("4000000000000000000000").to_u64(), std::overflow_error);
  CHECK(BigCount::parse("4000000000000000000000").to_double() == Approx(4e21));
}
