#include "axis_filter.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "user_error.hpp"

using namespace policytune;

TEST_CASE("a single value filter", "[axis_filter]") {
  const auto filter = parse_axis_filter("T{ct}=I32");
  CHECK(filter.axis == "T{ct}");
  CHECK_FALSE(filter.pow2);
  CHECK(filter.values == std::vector<std::string>{"I32"});
  CHECK(filter.spec() == "T{ct}=I32");
  CHECK(filter.allows("I32"));
  CHECK_FALSE(filter.allows("I64"));
  CHECK_FALSE(filter.allows("i32"));
  CHECK_FALSE(filter.allows(""));
}

TEST_CASE("a list filter", "[axis_filter]") {
  const auto filter = parse_axis_filter("T{ct}=[I32,I64]");
  CHECK(filter.axis == "T{ct}");
  CHECK_FALSE(filter.pow2);
  CHECK(filter.values == std::vector<std::string>{"I32", "I64"});
  CHECK(filter.spec() == "T{ct}=[I32,I64]");
  CHECK(filter.allows("I32"));
  CHECK(filter.allows("I64"));
  CHECK_FALSE(filter.allows("F32"));
  CHECK_FALSE(filter.allows("I32,I64"));
}

TEST_CASE("a pow2 filter keeps the axis name without its suffix", "[axis_filter]") {
  const auto filter = parse_axis_filter("Elements{io}[pow2]=28");
  CHECK(filter.axis == "Elements{io}");
  CHECK(filter.pow2);
  CHECK(filter.values == std::vector<std::string>{"28"});
  CHECK(filter.spec() == "Elements{io}[pow2]=28");
  CHECK(filter.allows("28"));
  CHECK_FALSE(filter.allows("16"));

  const auto list = parse_axis_filter("Elements{io}[pow2]=[16,20,24]");
  CHECK(list.axis == "Elements{io}");
  CHECK(list.pow2);
  CHECK(list.values == std::vector<std::string>{"16", "20", "24"});
  CHECK(list.spec() == "Elements{io}[pow2]=[16,20,24]");
}

TEST_CASE("spec() round-trips through parse_axis_filter", "[axis_filter]") {
  for (const std::string spec : {"T{ct}=I32", "T{ct}=[I32,I64]", "Elements{io}[pow2]=28",
                                 "Elements{io}[pow2]=[16,28]", "OffsetT{ct}=[I32,I64,U64]"}) {
    INFO(spec);
    const auto filter = parse_axis_filter(spec);
    CHECK(filter.spec() == spec);
    const auto again = parse_axis_filter(filter.spec());
    CHECK(again.axis == filter.axis);
    CHECK(again.pow2 == filter.pow2);
    CHECK(again.values == filter.values);
  }
}

TEST_CASE("malformed axis filters are user errors", "[axis_filter]") {
  for (const std::string spec : {"=1", "T{ct}", "T{ct}=", "T{ct}=[I32,", "T{ct}=[I32,,I64]", "", "=", "T{ct}=[]",
                                 "T{ct}=[,]", "T{ct}=I32,", "T{ct}=,I32"}) {
    INFO("'" << spec << "'");
    CHECK_THROWS_AS(parse_axis_filter(spec), UserError);
  }
}

TEST_CASE("filters_allow", "[axis_filter]") {
  SECTION("no filters allow everything") {
    CHECK(filters_allow({}, "T{ct}", "I32"));
    CHECK(filters_allow({}, "Elements{io}", "28"));
  }
  const std::vector<AxisFilter> filters{parse_axis_filter("T{ct}=[I32,I64]"),
                                        parse_axis_filter("Elements{io}[pow2]=28")};
  SECTION("a filtered axis allows only its values") {
    CHECK(filters_allow(filters, "T{ct}", "I32"));
    CHECK(filters_allow(filters, "T{ct}", "I64"));
    CHECK_FALSE(filters_allow(filters, "T{ct}", "F32"));
    CHECK(filters_allow(filters, "Elements{io}", "28"));
    CHECK_FALSE(filters_allow(filters, "Elements{io}", "16"));
  }
  SECTION("an axis no filter names is unconstrained") {
    CHECK(filters_allow(filters, "OffsetT{ct}", "anything"));
    CHECK(filters_allow(filters, "T", "F32"));  // a different axis name: not T{ct}
  }
}
