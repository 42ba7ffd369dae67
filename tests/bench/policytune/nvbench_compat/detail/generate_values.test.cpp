// The values behind CUB's generate(): the same seed gives the same input (base and variants see
// one input), values stay in range, and lower bit entropy means fewer set bits.
#include <policytune/nvbench_compat/detail/generate_values.hpp>

#include <catch2/catch.hpp>

#include <bitset>
#include <cstdint>
#include <set>

using namespace policytune::nvbench_compat;

TEST_CASE("a value is a function of the seed and the index", "[generate_values]") {
  CHECK(value_at<std::int32_t>(42, 7, 1, INT32_MIN, INT32_MAX) ==
        value_at<std::int32_t>(42, 7, 1, INT32_MIN, INT32_MAX));
  CHECK(value_at<std::int32_t>(42, 7, 1, INT32_MIN, INT32_MAX) !=
        value_at<std::int32_t>(43, 7, 1, INT32_MIN, INT32_MAX));
  CHECK(value_at<std::int32_t>(42, 7, 1, INT32_MIN, INT32_MAX) !=
        value_at<std::int32_t>(42, 8, 1, INT32_MIN, INT32_MAX));
}

TEST_CASE("values stay within [min, max] for every kind of number", "[generate_values]") {
  for (std::uint64_t i = 0; i < 2000; ++i) {
    const auto small = value_at<std::int8_t>(1, i, 1, -3, 5);
    CHECK((small >= -3 && small <= 5));
    const auto u = value_at<std::uint16_t>(1, i, 2, 100, 200);
    CHECK((u >= 100 && u <= 200));
    const auto f = value_at<float>(1, i, 1, -1.0f, 1.0f);
    CHECK((f >= -1.0f && f <= 1.0f));
    const auto d = value_at<double>(1, i, 1, -1e308, 1e308);  // the span overflows a double
    CHECK((d >= -1e308 && d <= 1e308));
    const auto wide = value_at<__int128>(1, i, 1, -5, 5);
    CHECK((wide >= -5 && wide <= 5));
  }
  std::set<bool> seen;
  for (std::uint64_t i = 0; i < 64; ++i) seen.insert(value_at<bool>(3, i, 1, false, true));
  CHECK(seen.size() == 2);
}

TEST_CASE("lower bit entropy sets fewer bits; entropy 0 is one value", "[generate_values]") {
  const auto set_bits = [](int and_count) {
    std::size_t bits = 0;
    for (std::uint64_t i = 0; i < 4096; ++i) {
      bits += std::bitset<64>(value_at<std::uint64_t>(9, i, and_count, 0, UINT64_MAX)).count();
    }
    return static_cast<double>(bits) / (4096.0 * 64);
  };
  CHECK(set_bits(1) == Approx(0.5).margin(0.01));       // entropy 1.000
  CHECK(set_bits(2) == Approx(0.25).margin(0.01));      // 0.811
  CHECK(set_bits(3) == Approx(0.125).margin(0.01));     // 0.544
  CHECK(set_bits(5) == Approx(1.0 / 32).margin(0.01));  // 0.201
  std::set<std::uint64_t> values;
  for (std::uint64_t i = 0; i < 100; ++i) values.insert(value_at<std::uint64_t>(9, i, 0, 0, UINT64_MAX));
  CHECK(values.size() == 1);
}
