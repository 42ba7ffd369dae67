#include "select/selection_check.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

using namespace policytune::bench::selection;

namespace {

// Inputs as the benchmarks generate them: integers in [0, value_bound).
std::vector<std::int16_t> inputs() {
  std::vector<std::int16_t> in;
  for (int i = 0; i < 500; ++i) in.push_back(static_cast<std::int16_t>((i * 37 + 11) % value_bound));
  return in;
}

// A stable selection of `in` by x < threshold, as cub::DeviceSelect::If writes it (buffer as long as the input).
selected<std::int16_t> select_below(const std::vector<std::int16_t>& in, int threshold) {
  selected<std::int16_t> out;
  out.items.assign(in.size(), -1);
  const auto end = std::copy_if(in.begin(), in.end(), out.items.begin(), [&](auto x) { return x < threshold; });
  out.count = end - out.items.begin();
  return out;
}

}  // namespace

TEST_CASE("the Entropy axis selects all, about half or none of the inputs", "[bench_check]") {
  const auto in = inputs();
  CHECK(select_below(in, threshold_for_entropy("1.000")).count == 500);
  CHECK(select_below(in, threshold_for_entropy("0.544")).count == 270);
  CHECK(select_below(in, threshold_for_entropy("0.000")).count == 0);
  CHECK_THROWS_AS(threshold_for_entropy("0.5"), std::invalid_argument);
}

TEST_CASE("compare_selection passes the library's own selection and names what a variant got wrong", "[bench_check]") {
  const auto in = inputs();
  const auto expected = select_below(in, 54);
  CHECK(compare_selection("selected", expected, expected).empty());

  auto lost = expected;
  --lost.count;
  CHECK(compare_selection("selected", lost, expected) == "selected count: got 269, want 270");

  // Two selected items out of order: what an unstable selection gives.
  auto swapped = expected;
  std::swap(swapped.items[10], swapped.items[11]);
  CHECK(compare_selection("selected", swapped, expected).rfind("selected element 10: got ", 0) == 0);

  auto short_buffer = expected;
  short_buffer.items.resize(5);
  CHECK(compare_selection("selected", short_buffer, expected) == "selected: 270 items do not fit the output buffers");

  // Beyond the count, the buffers may hold anything.
  auto tail = expected;
  tail.items.back() = 1234;
  CHECK(compare_selection("selected", tail, expected).empty());
}

TEST_CASE("compare_selection of unique runs: a run split in two shows as a count", "[bench_check]") {
  const std::vector<int> in{1, 1, 2, 2, 2, 3, 1, 1};
  selected<int> expected;
  expected.items.resize(in.size());
  expected.count = std::unique_copy(in.begin(), in.end(), expected.items.begin()) - expected.items.begin();
  CHECK(expected.count == 4);
  auto split = expected;
  split.count = 5;
  split.items = {1, 2, 2, 3, 1, 0, 0, 0};
  CHECK(compare_selection("unique", split, expected) == "unique count: got 5, want 4");
}

TEST_CASE("compare_three_way checks each part in order", "[bench_check]") {
  const auto in = inputs();
  selected<std::int16_t> expected[3];
  for (auto& part : expected) part.items.assign(in.size(), 0);
  for (auto x : in) {
    auto& part = expected[x < 27 ? 0 : x < 54 ? 1 : 2];
    part.items[static_cast<std::size_t>(part.count++)] = x;
  }
  CHECK(compare_three_way(expected, expected).empty());

  selected<std::int16_t> actual[3] = {expected[0], expected[1], expected[2]};
  std::swap(actual[2].items[0], actual[2].items[1]);
  CHECK(compare_three_way(actual, expected).rfind("unselected part element 0: got ", 0) == 0);

  selected<std::int16_t> moved[3] = {expected[0], expected[1], expected[2]};
  ++moved[1].count;
  CHECK(compare_three_way(moved, expected) == "second part count: got " + std::to_string(expected[1].count + 1) +
                                                  ", want " + std::to_string(expected[1].count));
}
