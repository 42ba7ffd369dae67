#include "protocol/declared_axes.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

#include "protocol/harness_protocol.hpp"

using namespace policytune;

TEST_CASE("declared runtime axes are the listing's runtime axes, named as workloads spell them", "[declared_axes]") {
  HarnessAxis type{"T{ct}", HarnessAxis::Kind::type, false, {"I32", "F64"}, {"std::int32_t", "double"}};
  HarnessAxis elements{"Elements{io}", HarnessAxis::Kind::int64, true, {"16", "20", "24"}, {}};
  HarnessAxis entropy{"Entropy", HarnessAxis::Kind::float64, false, {"1.000", "0.201"}, {}};
  const std::vector<HarnessEntry> listing{{"sort", {type, elements, entropy}}, {"copy", {}}};

  const auto declared = declared_runtime_axes(listing);
  REQUIRE(declared.size() == 2);
  CHECK(declared.at("copy").empty());
  const auto& axes = declared.at("sort");
  REQUIRE(axes.size() == 2);  // the type axis is compile-time: a score never sums over it
  CHECK(axes[0] == DeclaredAxis{"Elements{io}[pow2]", {"16", "20", "24"}});
  CHECK(axes[1] == DeclaredAxis{"Entropy", {"1.000", "0.201"}});
}

TEST_CASE("declared axes survive the store's text unchanged", "[declared_axes]") {
  const DeclaredAxes axes{{"sort", {{"Elements{io}[pow2]", {"16", "28"}}, {"Entropy", {"1.000", "0.201"}}}},
                          {"copy", {}},
                          {"odd \"entry\"", {{"a=b,c", {"", "x y"}}}}};
  CHECK(parse_declared_axes(format_declared_axes(axes)) == axes);
  CHECK(parse_declared_axes("").empty());  // stored before runtime axes were kept
}

TEST_CASE("stored declared axes that are not what policytune wrote are refused", "[declared_axes]") {
  for (const std::string text : {"not json", "[]", R"({"e": 1})", R"({"e": [1]})", R"({"e": [{"axis": "A"}]})",
                                 R"({"e": [{"axis": 2, "values": []}]})", R"({"e": [{"axis": "A", "values": [3]}]})"}) {
    INFO(text);
    CHECK_THROWS_AS(parse_declared_axes(text), std::invalid_argument);
  }
  // A damaged database's axes nested 100,000 deep: refused before anything recurses through them.
  CHECK_THROWS_AS(parse_declared_axes("{\"e\": " + std::string(100000, '[') + std::string(100000, ']') + "}"),
                  std::invalid_argument);
}
