#include "radix_sort/pairs_check.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

using policytune::bench::radix_pairs::compare_sorted_pairs;
using policytune::bench::radix_pairs::first_descent;

namespace {

struct Pairs {
  std::vector<double> keys;
  std::vector<std::int32_t> values;
};

// Keys with many duplicates, values their positions, stably sorted by key: the one right output.
Pairs sorted_pairs() {
  std::vector<double> keys;
  for (int i = 0; i < 64; ++i) keys.push_back(static_cast<double>((i * 29) % 7) - 3.0);
  std::vector<std::int32_t> order(keys.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  Pairs out;
  for (int i : order) {
    out.keys.push_back(keys[static_cast<std::size_t>(i)]);
    out.values.push_back(i);
  }
  return out;
}

std::string compare(const Pairs& actual, const Pairs& expected) {
  return compare_sorted_pairs(actual.keys.data(), actual.values.data(), expected.keys.data(), expected.values.data(),
                              expected.keys.size());
}

}  // namespace

TEST_CASE("first_descent accepts ascending keys with ties and names the first descent", "[bench_check]") {
  const std::vector<int> ascending{1, 1, 2, 5, 5};
  CHECK(first_descent(ascending.data(), ascending.size()).empty());
  const std::vector<int> descent{1, 3, 2, 5};
  CHECK(first_descent(descent.data(), descent.size()) == "keys out of order at 2: 3 before 2");
}

TEST_CASE("compare_sorted_pairs: order first, then keys, then values (stability)", "[bench_check]") {
  const auto expected = sorted_pairs();
  CHECK(compare(expected, expected).empty());

  auto unsorted = expected;
  std::swap(unsorted.keys.front(), unsorted.keys.back());
  CHECK(compare(unsorted, expected).rfind("keys out of order at 1: ", 0) == 0);

  // Two equal keys' values swapped: sorted, right keys, but not stable.
  auto unstable = expected;
  std::swap(unstable.values[0], unstable.values[1]);
  REQUIRE(unstable.keys[0] == unstable.keys[1]);
  CHECK(compare(unstable, expected).rfind("value element 0: got ", 0) == 0);

  // A key changed without breaking the order (a lost bit): the comparison with the library finds it.
  auto lost_bit = expected;
  lost_bit.keys[0] = -4.0;
  CHECK(compare(lost_bit, expected).rfind("key element 0: got -4, want -3", 0) == 0);
}
