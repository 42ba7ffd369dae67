// Type lists (bench/policytune/bench/type_lists.hpp): the product of a benchmark's type axes, a
// type's position on its axis, and CUB's predefined lists.
#include <policytune/bench/type_lists.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <type_traits>

TEST_CASE("the cartesian product of type axes runs in declaration order, the last axis fastest",
          "[harness][type_lists]") {
  using policytune::bench::cartesian_product;
  using policytune::bench::type_list;
  using product = cartesian_product<type_list<int, float>, type_list<char, double, long>>;
  STATIC_REQUIRE(
      std::is_same_v<product, type_list<type_list<int, char>, type_list<int, double>, type_list<int, long>,
                                        type_list<float, char>, type_list<float, double>, type_list<float, long>>>);
  STATIC_REQUIRE(std::is_same_v<cartesian_product<>, type_list<type_list<>>>);  // no type axes: one combination
  STATIC_REQUIRE(std::is_same_v<cartesian_product<type_list<int>, type_list<>>, type_list<>>);  // an empty axis
}

TEST_CASE("index_in gives a type's position on its axis, the axis' size where it is not there",
          "[harness][type_lists]") {
  using policytune::bench::index_in;
  using axis = policytune::bench::type_list<std::int8_t, std::int32_t, float>;
  STATIC_REQUIRE(index_in<std::int8_t, axis> == 0);
  STATIC_REQUIRE(index_in<float, axis> == 2);
  STATIC_REQUIRE(index_in<double, axis> == 3);
}

TEST_CASE("CUB's predefined lists, whole when no TUNE_ macro narrows them", "[harness][type_lists]") {
  using policytune::bench::type_list;
  STATIC_REQUIRE(std::is_same_v<integral_types, type_list<std::int8_t, std::int16_t, std::int32_t, std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<offset_types, type_list<std::int32_t, std::int64_t>>);
  STATIC_REQUIRE(std::is_same_v<all_types, fundamental_types>);
}
