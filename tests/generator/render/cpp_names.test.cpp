#include "render/cpp_names.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("C++ keywords and alternative tokens are keywords; other words are not", "[generate]") {
  for (const char* keyword : {"class", "new", "namespace", "and", "xor_eq", "co_await", "requires", "char8_t"})
    CHECK(is_cpp_keyword(keyword));
  for (const char* word : {"Class", "news", "final", "override", "module", "import", "tuning", ""})
    CHECK_FALSE(is_cpp_keyword(word));
}

TEST_CASE("a hub's namespace is a or a::b of names a header can declare", "[generate]") {
  for (const char* good : {"policytune::tuning", "mylib", "a::b::c", "_lower", "std_like::x", "x::std"})
    CHECK(namespace_name_problem(good).empty());
  CHECK(namespace_name_problem("class") == "'class' is a C++ keyword");
  CHECK(namespace_name_problem("a::new") == "'new' is a C++ keyword");
  CHECK(namespace_name_problem("mylib::and") == "'and' is a C++ keyword");
  CHECK(namespace_name_problem("std") == "namespace std belongs to the standard library");
  CHECK(namespace_name_problem("std::tuning") == "namespace std belongs to the standard library");
  CHECK(namespace_name_problem("a__b") == "'a__b' is reserved to the compiler and its library");
  CHECK(namespace_name_problem("x::_Tuning") == "'_Tuning' is reserved to the compiler and its library");
  for (const char* malformed : {"", "::a", "a::", "a::::b"})
    CHECK(namespace_name_problem(malformed) == "a namespace is written a or a::b");
  CHECK(namespace_name_problem("a:::b") == "':b' is not an identifier (a namespace is written a or a::b)");
  CHECK(namespace_name_problem("a b") == "'a b' is not an identifier (a namespace is written a or a::b)");
  CHECK(namespace_name_problem("1a") == "'1a' is not an identifier (a namespace is written a or a::b)");
  CHECK(namespace_name_problem("a::b-c") == "'b-c' is not an identifier (a namespace is written a or a::b)");
}
