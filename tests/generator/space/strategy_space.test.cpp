#include "space/strategy_space.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "space/search_space.hpp"
#include "support/strategy_driver.hpp"

using namespace policytune;
using policytune::testing::GridSpace;

TEST_CASE("a space's size, and its points by index in SearchSpace's order", "[strategy]") {
  const GridSpace space({4, 3, 2});
  CHECK(space.size() == BigCount(24));
  CHECK(space.point_at(BigCount(0)) == Point{0, 0, 0});
  CHECK(space.point_at(BigCount(1)) == Point{0, 0, 1});
  CHECK(space.point_at(BigCount(2)) == Point{0, 1, 0});
  CHECK(space.point_at(BigCount(23)) == Point{3, 2, 1});
  for (std::uint64_t i = 0; i < 24; ++i) CHECK(space.index_of(space.point_at(BigCount(i))) == BigCount(i));
  CHECK_THROWS(space.point_at(BigCount(24)));
  CHECK_THROWS(space.index_of(Point{4, 0, 0}));
  CHECK_THROWS(space.index_of(Point{0, 0}));

  // The same order as a benchmark's variants.
  const SearchSpace ranges = parse_search_space(
      "// %RANGE% TUNE_A a 1:4:1\n// %RANGE% TUNE_B b 0:20:10\n// %RANGE% TUNE_C c 0:1:1\n", "small.cu");
  for (std::uint64_t i = 0; i < 24; ++i) {
    const Variant variant = ranges.variant_at(BigCount(i));
    const Point point = space.point_at(BigCount(i));
    for (std::size_t axis = 0; axis < 3; ++axis) {
      CHECK(variant[axis] == ranges.parameters()[axis].value_at(point[axis]));
    }
  }
}

TEST_CASE("sizes and indices beyond 64 bits", "[strategy]") {
  const GridSpace huge({4000, 1000000000, 1000000000});
  CHECK(huge.size().to_string() == "4000000000000000000000");
  const Point last{3999, 999999999, 999999999};
  CHECK(huge.index_of(last).to_string() == "3999999999999999999999");
  CHECK(huge.point_at(huge.index_of(last)) == last);
  CHECK(GridSpace({}).size() == BigCount(1));
  CHECK(GridSpace({}).point_at(BigCount(0)).empty());
}
