// The -a filter rules both ends share (protocol/policytune/protocol/axis_filter_rules.hpp): the
// harness's selection (bench/policytune/bench/axis_filters.hpp) and the tool's check
// (generator/axis_filter.cpp) agree on every item and value, the tool seeing the values as the
// harness lists them.
#include <policytune/protocol/axis_filter_rules.hpp>

#include <policytune/bench/axis_filters.hpp>
#include <policytune/bench/json_writer.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/user_error.hpp"
#include "protocol/harness_protocol.hpp"
#include "space/axis_filter.hpp"

TEST_CASE("axis_filter_rules: integers, ranges, steps and exponents", "[protocol][axis_filter]") {
  namespace protocol = policytune::protocol;
  CHECK(protocol::integer_item_contains("16", 16));
  CHECK_FALSE(protocol::integer_item_contains("16", 17));
  CHECK(protocol::integer_item_contains("16:28:4", 28));
  CHECK_FALSE(protocol::integer_item_contains("16:28:4", 26));
  CHECK(protocol::integer_item_contains("-3:3", 0));
  CHECK_FALSE(protocol::integer_item_contains("1:2:0", 1));  // a step must be positive
  CHECK_FALSE(protocol::integer_item_contains("1:", 1));
  CHECK_FALSE(protocol::integer_item_contains("x", 0));
  CHECK_FALSE(protocol::integer_item_contains("99999999999999999999", 0));  // out of range
  CHECK(protocol::int64_item_selects("16", 65536, true));
  CHECK_FALSE(protocol::int64_item_selects("16", 65537, true));
  CHECK_FALSE(protocol::int64_item_selects("0", 0, true));
  CHECK(protocol::int64_item_selects("65536", 65536, false));
  CHECK(protocol::float64_item_selects("5e-1", 0.5));
  CHECK_FALSE(protocol::float64_item_selects("0.5x", 0.5));
  CHECK_FALSE(protocol::float64_item_selects("", 0.0));
  std::string name = "Elements{io}[pow2]";
  CHECK(protocol::strip_pow2_suffix(name));
  CHECK(name == "Elements{io}");
  CHECK_FALSE(protocol::strip_pow2_suffix(name));
  CHECK(name == "Elements{io}");
}

TEST_CASE("axis_filter_rules: the harness runs exactly the values the tool's check finds", "[protocol][axis_filter]") {
  namespace harness = policytune::bench;
  harness::benchmark_base entry("base", "", {}, {});
  entry.add_int64_power_of_two_axis("Elements{io}", {4, 16, 20})
      .add_int64_axis("N", {1000, 65536, -1, 0})
      .add_float64_axis("Ratio", {0.5, 1e-3})
      .add_string_axis("Layout", {"row", "16"});
  // The tool sees the axes as the harness lists them.
  const auto listed = policytune::parse_harness_listing(harness::detail::list_json(&entry));
  REQUIRE(listed.size() == 1);
  REQUIRE(listed[0].axes.size() == entry.runtime_axes().size());

  const std::vector<std::string> items{"16",  "20",   "4",   "0:30:2", "17:19", "65536", "-1", "0",        "1:2:0",
                                       "+16", "1000", "0.5", "5e-1",   "1e-3",  "row",   "x",  "2:65536:2"};
  int selected = 0;
  for (std::size_t a = 0; a < entry.runtime_axes().size(); ++a) {
    const harness::axis& axis = entry.runtime_axes()[a];
    const policytune::HarnessAxis& seen = listed[0].axes[a];
    for (const bool pow2_filter : {false, true}) {
      for (const std::string& item : items) {
        harness::detail::axis_filter harness_filter;
        harness_filter.name = axis.name;
        harness_filter.pow2 = pow2_filter;
        harness_filter.values = {item};
        policytune::AxisFilter tool_filter;
        tool_filter.axis = seen.name;
        tool_filter.pow2 = pow2_filter;
        tool_filter.values = {item};
        for (std::size_t i = 0; i < axis.values.size(); ++i) {
          INFO(axis.name << (pow2_filter ? "[pow2]=" : "=") << item << " on value " << axis.values[i]);
          const bool harness_runs = harness::detail::allowed(axis, i, {harness_filter});
          policytune::HarnessAxis one_value = seen;
          one_value.values = {seen.values[i]};
          const policytune::HarnessEntry one_entry{"base", {one_value}};
          bool tool_finds = true;
          try {
            policytune::check_filters_match({tool_filter}, {one_entry}, "bench.cpp");
          } catch (const policytune::UserError&) {
            tool_finds = false;
          }
          CHECK(harness_runs == tool_finds);
          selected += harness_runs ? 1 : 0;
        }
      }
    }
  }
  CHECK(selected > 20);  // the items do select something: the agreement is not all "no"
}
