#include "run/base_narrowing.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

namespace {
HarnessEntry entry_with(std::vector<std::string> values, std::vector<std::string> spellings) {
  HarnessAxis type{"T{ct}", HarnessAxis::Kind::type, false, std::move(values), std::move(spellings)};
  HarnessAxis offset{"OffsetT{ct}", HarnessAxis::Kind::type, false, {"I32"}, {"::std::int32_t"}};
  HarnessAxis elements{"Elements{io}", HarnessAxis::Kind::int64, true, {"16", "20"}, {}};
  return HarnessEntry{"base", {type, offset, elements}};
}
}  // namespace

TEST_CASE("filters that pin compile-time axes to the harness's types narrow base to them", "[base_narrowing]") {
  const auto narrowing = base_narrowing({parse_axis_filter("T{ct}=F32"), parse_axis_filter("OffsetT{ct}=I64"),
                                         parse_axis_filter("Elements{io}[pow2]=20")});
  CHECK(narrowing == Defines{{"TUNE_T", "float"}, {"TUNE_OffsetT", "::std::int64_t"}});
}

TEST_CASE("filters of several values, of runtime axes or of a benchmark's own types narrow nothing",
          "[base_narrowing]") {
  CHECK(base_narrowing({parse_axis_filter("T{ct}=[I32,I64]")}).empty());
  CHECK(base_narrowing({parse_axis_filter("Elements{io}=1024")}).empty());
  CHECK(base_narrowing({parse_axis_filter("T{ct}=C64")}).empty());      // CUB's complex: its helper names it
  CHECK(base_narrowing({parse_axis_filter("Op{ct}=ArgMin")}).empty());  // not a type the harness names
  CHECK(base_narrowing({}).empty());
}

TEST_CASE("a narrowed base holds where it lists only what was asked, spelled as asked", "[base_narrowing]") {
  const Defines narrowing{{"TUNE_T", "float"}};
  CHECK(narrowing_held(narrowing, {entry_with({"F32"}, {"float"})}));
  // The define was ignored: the benchmark lists its other types too.
  CHECK_FALSE(narrowing_held(narrowing, {entry_with({"F32", "F64"}, {"float", "double"})}));
  // The benchmark names the value with a type of its own (`long long` for I64).
  CHECK_FALSE(narrowing_held({{"TUNE_T", "::std::int64_t"}}, {entry_with({"I64"}, {"long long"})}));
  // No entries, or none with that axis.
  CHECK_FALSE(narrowing_held(narrowing, {}));
  CHECK_FALSE(narrowing_held(narrowing, {HarnessEntry{"base", {}}}));
}
