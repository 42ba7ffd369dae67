#include <policytune/bench/summary.hpp>

#include <catch2/catch.hpp>

TEST_CASE("a summary keeps the named values a benchmark sets, the last one per name", "[bench_summary]") {
  policytune::bench::summary summary("user/derived/segment_count");
  summary.set_string("name", "#Segments");
  summary.set_int64("value", 12);
  summary.set_int64("value", 4096);
  summary.set_float64("ratio", 0.5);
  CHECK(summary.get_tag() == "user/derived/segment_count");
  CHECK(summary.get("name") == "#Segments");
  CHECK(summary.get("value") == "4096");
  CHECK(summary.get("ratio") == "0.500000");
  CHECK(summary.get("absent").empty());
}
