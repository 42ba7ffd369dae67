#include "core/workload.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("workloads parse into axis=value pairs in the benchmark's order and format back", "[workload]") {
  const std::string text = "T{ct}=I32,OffsetT{ct}=I64,Elements{io}[pow2]=16";
  const Workload workload = parse_workload(text);
  REQUIRE(workload.size() == 3);
  CHECK(workload[0] == AxisValue{"T{ct}", "I32"});
  CHECK(workload[1] == AxisValue{"OffsetT{ct}", "I64"});
  CHECK(workload[2] == AxisValue{"Elements{io}[pow2]", "16"});
  CHECK(format_workload(workload) == text);
  CHECK(parse_workload("").empty());
  CHECK(format_workload({}).empty());
  // A pair without '=' is an axis with an empty value, and a value may hold '='.
  CHECK(parse_workload("Alone") == Workload{{"Alone", ""}});
  CHECK(parse_workload("Op=a=b") == Workload{{"Op", "a=b"}});
}

TEST_CASE("value_on finds an axis's value, empty where the workload lacks the axis", "[workload]") {
  const std::string text = "T{ct}=I32,Elements{io}[pow2]=16";
  CHECK(value_on(text, "Elements{io}[pow2]") == "16");
  CHECK(value_on(text, "T{ct}") == "I32");
  CHECK(value_on(text, "Elements{io}").empty());  // the whole axis name, not a prefix
  CHECK(value_on("", "T{ct}").empty());
}

TEST_CASE("describe_workload separates pairs with a comma and a space, as CUB's analyze prints", "[workload]") {
  CHECK(describe_workload("T{ct}=I32,OffsetT{ct}=I64") == "T{ct}=I32, OffsetT{ct}=I64");
  CHECK(describe_workload("T{ct}=I32") == "T{ct}=I32");
  CHECK(describe_workload("").empty());
}

TEST_CASE("importance-ordered axes are those with CUB's {io} suffix", "[workload]") {
  CHECK(is_importance_ordered("Elements{io}[pow2]"));
  CHECK(is_importance_ordered("Segments{io}"));
  CHECK_FALSE(is_importance_ordered("T{ct}"));
  CHECK_FALSE(is_importance_ordered("Elements[pow2]"));
}
