// The host side of bench/scan/exclusive/sum_by_key.cu's verification.
#include "scan/exclusive/sum_by_key_check.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace policytune::bench;

TEST_CASE("the exclusive sum by key restarts at every key change", "[bench_check]") {
  const std::vector<std::int8_t> keys{3, 3, 3, 7, 7, 3, 3, 1};
  const std::vector<int> values{1, -1, 1, 1, 1, 0, 1, -1};
  CHECK(scan_by_key::exclusive_sum_by_key(keys, values) == std::vector<int>{0, 1, 0, 0, 1, 0, 0, 0});
  CHECK(scan_by_key::exclusive_sum_by_key(std::vector<int>{}, std::vector<int>{}).empty());
}

TEST_CASE("a sum by key passes only when it is the definition and CUB's output", "[bench_check]") {
  const std::vector<int> keys{1, 1, 2, 2, 2};
  const std::vector<double> values{1, 1, 1, -1, 1};
  const std::vector<double> right{0, 1, 0, 1, 0};
  CHECK(scan_by_key::check(keys, values, right, right).passed);

  // A run that does not restart: the definition catches it, with the element.
  const std::vector<double> carried{0, 1, 2, 3, 2};
  const verification wrong = scan_by_key::check(keys, values, carried, carried);
  CHECK_FALSE(wrong.passed);
  CHECK(wrong.detail.find("not the exclusive sum by key: element 2:") == 0);

  // Right by the definition but not what CUB gave (a broken reference shows too).
  const verification differs = scan_by_key::check(keys, values, right, std::vector<double>{0, 1, 0, 1, 1});
  CHECK_FALSE(differs.passed);
  CHECK(differs.detail.find("differs from cub::DeviceScan::ExclusiveSumByKey: element 4:") == 0);

  // A short output is a size mismatch, not an out-of-range read.
  CHECK_FALSE(scan_by_key::check(keys, values, std::vector<double>{0, 1}, right).passed);
}
