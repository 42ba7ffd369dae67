#include "space/axis_filter.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "core/user_error.hpp"
#include "protocol/harness_protocol.hpp"

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
  for (const std::string spec : {"T{ct}=I32", "T{ct}=[I32,I64]", "Elements{io}[pow2]=28", "Elements{io}[pow2]=[16,28]",
                                 "OffsetT{ct}=[I32,I64,U64]"}) {
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

TEST_CASE("filters whose values would read back differently, or hold control characters, are user errors",
          "[axis_filter]") {
  // Found by fuzz/axis_filter.fuzz.cpp: `t=[[x]]` was one value "[x]", which spec() wrote as the
  // list `t=[x]`.
  CHECK_THROWS_WITH(parse_axis_filter("t=[[x]]"), "-a 't=[[x]]': the value '[x]' holds '[', ']' or '='");
  CHECK_THROWS_AS(parse_axis_filter("t=a]"), UserError);
  CHECK_THROWS_AS(parse_axis_filter("t=a=b"), UserError);
  CHECK_THROWS_WITH(parse_axis_filter(std::string("T{ct}=I\n32\0", 11)), "-a 'T{ct}=I?32?' holds control characters");
  const AxisFilter fine = parse_axis_filter("Elements{io}[pow2]=[16:28:4,30]");
  CHECK(parse_axis_filter(fine.spec()).spec() == fine.spec());
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

namespace {

// A listing like reduce.sum's: two type axes and a power-of-two size axis.
std::vector<HarnessEntry> reduce_like_entries() {
  HarnessAxis t{"T{ct}", HarnessAxis::Kind::type, false, {"I32", "F32"}, {"::std::int32_t", "float"}};
  HarnessAxis offset{
      "OffsetT{ct}", HarnessAxis::Kind::type, false, {"U32", "U64"}, {"::std::uint32_t", "::std::uint64_t"}};
  HarnessAxis elements{"Elements{io}", HarnessAxis::Kind::int64, true, {"16", "20", "24", "28"}, {}};
  HarnessAxis n{"N", HarnessAxis::Kind::int64, false, {"1000", "4000"}, {}};
  HarnessAxis ratio{"Ratio", HarnessAxis::Kind::float64, false, {"0.5", "1"}, {}};
  HarnessAxis layout{"Layout", HarnessAxis::Kind::string, false, {"row", "column"}, {}};
  return {HarnessEntry{"base", {t, offset, elements}}, HarnessEntry{"other", {t, offset, n, ratio, layout}}};
}

std::string mismatch(const std::string& spec) {
  try {
    check_filters_match({parse_axis_filter(spec)}, reduce_like_entries(), "bench/reduce/sum.cu");
  } catch (const UserError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("filters the benchmark can satisfy pass", "[axis_filter]") {
  for (const std::string spec : {"T{ct}=I32", "T{ct}=[I32,F32]", "OffsetT{ct}=U64", "Elements{io}[pow2]=28",
                                 "Elements{io}[pow2]=[16,24]", "Elements{io}[pow2]=16:28:4", "Elements{io}=65536",
                                 "N=4000", "N=[1000,4000]", "N=0:1000", "Ratio=0.5", "Ratio=1.0", "Layout=row"}) {
    INFO(spec);
    CHECK(mismatch(spec).empty());
  }
  CHECK_NOTHROW(check_filters_match({}, reduce_like_entries(), "x.cu"));
}

TEST_CASE("a filter naming a value its axis lacks is an error that lists the axis' values", "[axis_filter]") {
  CHECK(mismatch("T{ct}=F16") ==
        "bench/reduce/sum.cu: -a 'T{ct}=F16': axis T{ct} has no value F16 (its values: I32, F32)");
  CHECK(mismatch("T{ct}=[I32,F16]") ==
        "bench/reduce/sum.cu: -a 'T{ct}=[I32,F16]': axis T{ct} has no value F16 (its values: I32, F32)");
  CHECK(mismatch("N=5") == "bench/reduce/sum.cu: -a 'N=5': axis N has no value 5 (its values: 1000, 4000)");
  CHECK(mismatch("Ratio=0.25") ==
        "bench/reduce/sum.cu: -a 'Ratio=0.25': axis Ratio has no value 0.25 (its values: 0.5, 1)");
  CHECK(mismatch("Layout=diagonal") ==
        "bench/reduce/sum.cu: -a 'Layout=diagonal': axis Layout has no value diagonal (its values: row, column)");
  // A range that selects nothing, and a power-of-two axis given a size instead of an exponent.
  CHECK(mismatch("Elements{io}[pow2]=29:40") ==
        "bench/reduce/sum.cu: -a 'Elements{io}[pow2]=29:40': axis Elements{io} has no value 29:40 "
        "(its values: 2^16, 2^20, 2^24, 2^28)");
  CHECK(mismatch("Elements{io}=28") ==
        "bench/reduce/sum.cu: -a 'Elements{io}=28': axis Elements{io} has no value 28 "
        "(its values: 2^16, 2^20, 2^24, 2^28; Elements{io}[pow2]=16 selects 2^16)");
}

TEST_CASE("a filter naming an axis the benchmark lacks is an error that lists its axes", "[axis_filter]") {
  CHECK(mismatch("Elemnts{io}[pow2]=28") ==
        "bench/reduce/sum.cu: -a 'Elemnts{io}[pow2]=28': the benchmark has no axis Elemnts{io} "
        "(its axes: T{ct}, OffsetT{ct}, Elements{io}, N, Ratio, Layout)");
  CHECK(mismatch("T=I32") ==
        "bench/reduce/sum.cu: -a 'T=I32': the benchmark has no axis T "
        "(its axes: T{ct}, OffsetT{ct}, Elements{io}, N, Ratio, Layout)");
}
