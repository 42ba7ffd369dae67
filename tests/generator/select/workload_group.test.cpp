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
