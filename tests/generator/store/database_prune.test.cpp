#include "store/database_prune.hpp"

#include <catch2/catch.hpp>

#include <set>

#include "core/user_error.hpp"
#include "store/base_answer_cache.hpp"
#include "store/results_database.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

Measurement prune_row(const std::string& benchmark, const std::string& hash, const std::string& variant,
                      const std::string& recorded_at) {
  Measurement m;
  m.algorithm = benchmark.substr(0, benchmark.find('.'));
  m.benchmark = benchmark;
  m.device = {"Host CPU", 2, 0, false, "", ""};
  m.toolkit = "GCC 12.2.0";
  m.source_hash = hash;
  m.variant = variant;
  m.entry = "sum";
  m.rt_workload = "N=1000";
  m.statistics = {10, 1e-6, 1e-6, 1e-8, 1e-6, 2e-6};
  m.recorded_at = recorded_at;
  return m;
}

// tiny.sum searched from three sources (two edits); other.sum from one, an old one.
std::string seeded_database(const testing::TemporaryDirectory& directory) {
  const std::string path = directory.file("results.db");
  ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
  database.record(std::vector<Measurement>{
      prune_row("tiny.sum", "1111111111111111", "base", "2025-01-01T00:00:00Z"),
      prune_row("tiny.sum", "1111111111111111", "unroll_2", "2025-01-01T00:00:01Z"),
      prune_row("tiny.sum", "2222222222222222", "base", "2025-02-01T00:00:00Z"),
      prune_row("tiny.sum", "3333333333333333", "base", "2025-03-01T00:00:00Z"),
      prune_row("tiny.sum", "3333333333333333", "unroll_2", "2025-03-01T00:00:01Z"),
      prune_row("tiny.sum", "3333333333333333", "unroll_3", "2025-03-01T00:00:02Z"),
      prune_row("other.sum", "4444444444444444", "base", "2025-01-01T00:00:00Z"),
  });
  return path;
}

std::size_t prune_rows_of(const std::string& path, const std::string& hash) {
  ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
  std::size_t count = 0;
  for (const auto& m : database.measurements()) count += m.source_hash == hash;
  return count;
}

}  // namespace

TEST_CASE("prune drops every source version of a benchmark but its current one", "[prune]") {
  testing::TemporaryDirectory directory("prune");
  const std::string path = seeded_database(directory);
  const auto outcomes = prune_old_sources(path, {{"tiny.sum", "3333333333333333"}}, false);
  REQUIRE(outcomes.size() == 1);
  CHECK(outcomes[0].benchmark == "tiny.sum");
  CHECK(outcomes[0].current_rows == 3);
  REQUIRE(outcomes[0].old_sources.size() == 2);
  CHECK(outcomes[0].old_sources[0] == SourceVersion{"tiny.sum", "2222222222222222", 1, "2025-02-01T00:00:00Z"});
  CHECK(outcomes[0].old_sources[1] == SourceVersion{"tiny.sum", "1111111111111111", 2, "2025-01-01T00:00:01Z"});
  CHECK(prune_rows_of(path, "1111111111111111") == 0);
  CHECK(prune_rows_of(path, "2222222222222222") == 0);
  CHECK(prune_rows_of(path, "3333333333333333") == 3);
  CHECK(prune_rows_of(path, "4444444444444444") == 1);  // a benchmark not named is left alone

  // Again: nothing left to drop.
  const auto again = prune_old_sources(path, {{"tiny.sum", "3333333333333333"}}, false);
  CHECK(again[0].old_sources.empty());
  CHECK(again[0].current_rows == 3);
}

TEST_CASE("a dry run lists what prune would drop and drops nothing", "[prune]") {
  testing::TemporaryDirectory directory("prune-dry");
  const std::string path = seeded_database(directory);
  const auto outcomes =
      prune_old_sources(path, {{"tiny.sum", "3333333333333333"}, {"other.sum", "5555555555555555"}}, true);
  REQUIRE(outcomes.size() == 2);
  CHECK(outcomes[0].benchmark == "other.sum");  // by name
  CHECK(outcomes[0].current_rows == 0);
  REQUIRE(outcomes[0].old_sources.size() == 1);
  CHECK(outcomes[0].old_sources[0].rows == 1);
  CHECK(outcomes[1].old_sources.size() == 2);
  for (const std::string hash : {"1111111111111111", "2222222222222222", "3333333333333333", "4444444444444444"}) {
    CHECK(prune_rows_of(path, hash) > 0);
  }
}

TEST_CASE("prune of a missing database is a user error", "[prune]") {
  testing::TemporaryDirectory directory("prune-missing");
  CHECK_THROWS_AS(prune_old_sources(directory.file("none.db"), {{"tiny.sum", "1"}}, false), UserError);
}

TEST_CASE("prune drops base's stored answers for the sources it drops, and only those", "[prune][base_answer]") {
  testing::TemporaryDirectory directory("prune");
  const std::string path = seeded_database(directory);
  {
    BaseAnswerCache cache(path);
    for (const char* hash : {"1111111111111111", "3333333333333333"}) {
      cache.remember({"tiny.sum", hash, "build", "device"}, {"listing", "device"});
    }
    cache.remember({"other.sum", "4444444444444444", "build", "device"}, {"listing", "device"});
  }
  prune_old_sources(path, {{"tiny.sum", "3333333333333333"}}, false);
  std::set<std::string> left;
  for (const auto& answer : read_base_answers(path)) left.insert(answer.key.benchmark + " " + answer.key.source_hash);
  CHECK(left == std::set<std::string>{"other.sum 4444444444444444", "tiny.sum 3333333333333333"});
}

TEST_CASE("prune of a database without stored answers adds no table for them", "[prune][base_answer]") {
  testing::TemporaryDirectory directory("prune");
  const std::string path = seeded_database(directory);
  prune_old_sources(path, {{"tiny.sum", "3333333333333333"}}, false);
  CHECK(read_base_answers(path).empty());
  SqliteConnection connection(path, SqliteAccess::read_only);
  CHECK_FALSE(connection.prepare("SELECT 1 FROM sqlite_master WHERE name = 'base_answers'").step());
}
