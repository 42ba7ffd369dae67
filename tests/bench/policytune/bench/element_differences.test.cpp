// The one element-by-element comparison every check of an output goes through
// (bench/policytune/bench/element_differences.hpp).
#include <policytune/bench/element_differences.hpp>

#include <catch2/catch.hpp>

#include <vector>

using policytune::bench::element_differences;
using policytune::bench::find_differences;

TEST_CASE("find_differences names the first element that is not the same and counts them all", "[bench_check]") {
  const std::vector<int> want{1, 2, 3, 4, 5};
  const std::vector<int> got{1, 9, 3, 8, 7};
  const element_differences found = find_differences(want.size(), [&](std::size_t i) { return got[i] == want[i]; });
  CHECK(found.any());
  CHECK(found.first == 1);
  CHECK(found.count == 3);

  const element_differences none = find_differences(want.size(), [&](std::size_t i) { return want[i] == want[i]; });
  CHECK_FALSE(none.any());
  CHECK(none.count == 0);
  CHECK_FALSE(find_differences(0, [](std::size_t) { return false; }).any());  // nothing to compare
}

TEST_CASE("find_differences asks the sameness of each element once, in order", "[bench_check]") {
  std::vector<std::size_t> asked;
  const element_differences found = find_differences(4, [&](std::size_t i) {
    asked.push_back(i);
    return i != 2;
  });
  CHECK(asked == std::vector<std::size_t>{0, 1, 2, 3});
  CHECK(found.first == 2);
  CHECK(found.count == 1);
}
