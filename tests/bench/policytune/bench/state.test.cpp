// nvbench::state (bench/policytune/bench/state.hpp): the axes' values a benchmark reads, and what it
// declares (throughput, outputs, a skip).
#include <policytune/bench/state.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace {
policytune::bench::axis int64_axis(const char* name, std::vector<std::int64_t> values, bool pow2) {
  policytune::bench::axis a;
  a.name = name;
  a.kind = policytune::bench::axis_kind::int64;
  a.pow2 = pow2;
  for (auto v : values) {
    a.ints.push_back(v);
    a.values.push_back(std::to_string(v));
  }
  return a;
}
}  // namespace

TEST_CASE("state: an axis' value at the state's index; 2^value on a power-of-two axis", "[harness][state]") {
  policytune::bench::detail::backend backend;
  const std::vector<policytune::bench::axis> axes{int64_axis("Elements{io}", {16, 20}, true),
                                                  int64_axis("Segments", {3, 5}, false)};
  policytune::bench::state s(backend, {}, axes, {1, 0});
  CHECK(s.get_int64("Elements{io}") == (std::int64_t{1} << 20));
  CHECK(s.get_int64("Segments") == 3);
  CHECK(s.get_int64_or_default("Missing", 42) == 42);
  CHECK_THROWS_WITH(s.get_int64("Missing"), "the benchmark has no int64 axis named 'Missing'");
  CHECK_THROWS_WITH(s.get_string("Segments"), "the benchmark has no string axis named 'Segments'");
}

TEST_CASE("state: throughput and outputs as declared, a skip with its reason", "[harness][state]") {
  policytune::bench::detail::backend backend;
  const std::vector<policytune::bench::axis> none;
  policytune::bench::state s(backend, {}, none, {});
  s.add_element_count(100);
  s.add_global_memory_reads<float>(100);
  s.add_global_memory_writes<double>(10);
  CHECK(s.get_element_count() == 100);
  REQUIRE(s.declared_outputs().size() == 1);
  CHECK(s.declared_outputs()[0].bytes == 80);
  CHECK(s.declared_outputs()[0].kind == policytune::bench::output_kind::float64);
  CHECK_FALSE(s.is_skipped());
  s.skip("an invalid combination");
  CHECK(s.is_skipped());
  CHECK(s.get_skip_reason() == "an invalid combination");
}
