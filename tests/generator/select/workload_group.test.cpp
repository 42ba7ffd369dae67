#include "select/workload_group.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/user_error.hpp"
#include "support/analysis_rows.hpp"

using namespace policytune;
using testing::two_sources;

TEST_CASE("each group carries the runtime axes its source's search declared", "[analyze]") {
  const auto rows = two_sources();
  const std::vector<SearchSpaceRecord> spaces{
      {"tiny.sum", "2222222222222222", "tiny", "4", "", R"({"sum":[{"axis":"N","values":["10","1000"]}]})"},
      {"other.sum", "1111111111111111", "other", "4", "", R"({"sum":[]})"}};
  const auto groups = group_by_workload(rows, spaces, "results.db");
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].declared.empty());  // tiny.sum's first source recorded none
  CHECK(groups[1].declared == DeclaredAxes{{"sum", {{"N", {"10", "1000"}}}}});
}

TEST_CASE("runtime axes that are not what policytune stored name the database", "[analyze]") {
  const auto rows = two_sources();
  const std::vector<SearchSpaceRecord> spaces{{"tiny.sum", "2222222222222222", "tiny", "4", "", "{broken"}};
  try {
    group_by_workload(rows, spaces, "results.db");
    FAIL("no error");
  } catch (const UserError& error) {
    CHECK_THAT(error.what(), Catch::Matchers::StartsWith("results.db"));
    CHECK_THAT(error.what(), Catch::Matchers::Contains("tiny.sum"));
  }
}

TEST_CASE("rows group by source version in first-seen order, each group titled and dated", "[analyze]") {
  const auto rows = two_sources();
  const auto groups = group_by_workload(rows);
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].scope.source_hash == "1111111111111111");
  CHECK(groups[1].scope.source_hash == "2222222222222222");
  CHECK(groups[0].rows.size() == 3);
  CHECK(groups[0].title() == "tiny.sum[T{ct}=I32]");
  CHECK(groups[1].newest_measurement() == "2025-02-01T00:00:02Z");
  CHECK_THAT(groups[0].context(), Catch::Contains("Host CPU"));
}

TEST_CASE("a stored variant outside the %RANGE% its search recorded is a damaged database, not a ranked variant",
          "[analyze]") {
  const auto rows = two_sources();  // unroll_2 and unroll_3 of tiny.sum
  const auto spaces_with = [](const std::string& ranges) {
    return std::vector<SearchSpaceRecord>{{"tiny.sum", "2222222222222222", "tiny", "4", ranges, ""}};
  };
  // Within the range: grouped as before.
  CHECK(group_by_workload(rows, spaces_with("TUNE_UNROLL unroll 1:4:1\n"), "results.db").size() == 2);
  // Parameter names (an import's) and no ranges at all say nothing of the variants.
  CHECK(group_by_workload(rows, spaces_with("block_size_x\ntile\n"), "results.db").size() == 2);
  CHECK(group_by_workload(rows, spaces_with(""), "results.db").size() == 2);
  // unroll_3 lies outside 1:2, and unroll_2 is no value of 1:5:2.
  for (const std::string& ranges : {"TUNE_UNROLL unroll 1:2:1\n", "TUNE_UNROLL unroll 1:5:2\n"}) {
    INFO(ranges);
    try {
      group_by_workload(rows, spaces_with(ranges), "results.db");
      FAIL("a variant outside the space was grouped");
    } catch (const UserError& error) {
      CHECK(error.file() == "results.db");
      CHECK_THAT(error.message(), Catch::Matchers::Contains("damaged database: tiny.sum unroll_") &&
                                      Catch::Matchers::Contains("2222222222222222"));
    }
  }
  // A variant of another label altogether.
  CHECK_THROWS_WITH(group_by_workload(rows, spaces_with("TUNE_IPT ipt 1:4:1\n"), "results.db"),
                    Catch::Matchers::Contains("not a variant of the search space"));
}
