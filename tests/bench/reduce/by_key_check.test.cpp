#include "reduce/by_key_check.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using policytune::bench::by_key::compare_runs;
using policytune::bench::by_key::runs;

namespace {

// A host reduce-by-key of runs of equal keys (sums), with buffers as long as the input.
runs<std::int8_t, float> reduce_runs(const std::vector<std::int8_t>& keys, const std::vector<float>& values) {
  runs<std::int8_t, float> out;
  out.keys.assign(keys.size(), 0);
  out.aggregates.assign(keys.size(), 0.0f);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i == 0 || keys[i] != keys[i - 1]) {
      out.keys[static_cast<std::size_t>(out.count++)] = keys[i];
    }
    out.aggregates[static_cast<std::size_t>(out.count - 1)] += values[i];
  }
  return out;
}

}  // namespace

TEST_CASE("compare_runs passes equal runs and names the first wrong count, key or aggregate", "[bench_check]") {
  const std::vector<std::int8_t> keys{5, 5, 7, 7, 7, 5, 2, 2};
  const std::vector<float> values{1, -1, 1, 1, 0, -1, 1, 1};
  const auto expected = reduce_runs(keys, values);
  REQUIRE(expected.count == 4);
  CHECK(compare_runs(expected, expected).empty());

  auto merged = expected;
  merged.count = 3;
  CHECK(compare_runs(merged, expected) == "run count: got 3, want 4");

  auto wrong_key = expected;
  wrong_key.keys[2] = 7;
  CHECK(compare_runs(wrong_key, expected) == "unique key element 2: got 7, want 5 (1 of 4 differ)");

  // An item counted twice: the aggregate is off by one.
  auto wrong_sum = expected;
  wrong_sum.aggregates[1] += 1.0f;
  CHECK(compare_runs(wrong_sum, expected) == "aggregate element 1: got 3, want 2 (1 of 4 differ)");

  auto short_buffer = expected;
  short_buffer.aggregates.resize(2);
  CHECK(compare_runs(short_buffer, expected) == "4 runs do not fit the output buffers");
}
