// What the NVBench stand-in adds to the harness (bench/policytune/nvbench_compat/nvbench/nvbench.cuh):
// enum_type values on a type axis, named as NVBench names them.
#define POLICYTUNE_BENCH_NO_MAIN
#include <policytune/nvbench_compat/nvbench/nvbench.cuh>

#include <catch2/catch.hpp>

#include <string>
#include <type_traits>

TEST_CASE("an enum_type axis value is labelled by its number and spelled as a type", "[nvbench_compat]") {
  using sixty_four = nvbench::type_strings<nvbench::enum_type<64>>;
  CHECK(std::string(sixty_four::label) == "64");
  CHECK(std::string(sixty_four::spelling) == "::policytune::bench::enum_type<64>");
  CHECK(std::string(nvbench::type_strings<nvbench::enum_type<0>>::label) == "0");
  CHECK(std::string(nvbench::type_strings<nvbench::enum_type<-1024>>::label) == "-1024");
  CHECK(std::string(nvbench::type_strings<nvbench::enum_type<-7>>::spelling) == "::policytune::bench::enum_type<-7>");
  CHECK(nvbench::enum_type<2048>::value == 2048);
  CHECK(std::is_same_v<nvbench::enum_type_list<8, 16>,
                       nvbench::type_list<nvbench::enum_type<8>, nvbench::enum_type<16>>>);
}
