#include <catch2/catch.hpp>

#include <filesystem>

#include "commands/command.hpp"
#include "store/results_database.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::run_policytune_here;

TEST_CASE("prune drops the rows of old sources, --dry-run only says which", "[prune_command]") {
  testing::TemporaryDirectory directory("prune");
  const std::string database = directory.file("sources.db");
  std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/tiny.two_sources.db", database);
  const auto dry = run_policytune_here({"prune", testing::kTinyBenchmark, "--db", database, "--dry-run"});
  CHECK(dry.exit_code == 0);
  CHECK_THAT(dry.out,
             Catch::StartsWith(
                 "tiny.sum: would drop 6 rows of old source 0123456789abcdef (last measured 2026-01-10T09:00:02Z)\n"
                 "tiny.sum: kept 9 rows of current source ") &&
                 Catch::EndsWith(database + ": would drop 6 rows of 1 old source\n"));
  {
    ResultsDatabase unchanged(database, ResultsDatabase::Mode::read_only);
    CHECK(unchanged.measurements().size() == 15);
  }
  const auto pruned = run_policytune_here({"prune", testing::kTinyBenchmark, "--db", database});
  CHECK(pruned.exit_code == 0);
  CHECK_THAT(pruned.out, Catch::StartsWith("tiny.sum: dropped 6 rows of old source 0123456789abcdef") &&
                             Catch::EndsWith(database + ": dropped 6 rows of 1 old source\n"));
  {
    ResultsDatabase after(database, ResultsDatabase::Mode::read_only);
    CHECK(after.measurements().size() == 9);
  }
  const auto again = run_policytune_here({"prune", testing::kTinyBenchmark, "--db", database});
  CHECK(again.exit_code == 0);
  CHECK_THAT(again.out, Catch::EndsWith("nothing to prune in " + database + ": no rows of old sources\n"));
}

TEST_CASE("prune refuses two files of one benchmark name, no file, and a missing database", "[prune_command]") {
  testing::TemporaryDirectory directory("prune");
  const std::string database = directory.file("sources.db");
  std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/tiny.two_sources.db", database);
  std::filesystem::create_directories(directory.path() / "bench" / "tiny");
  const std::string same_name = directory.write("bench/tiny/sum.cpp", "// %RANGE% TUNE_A a 1:2:1\n");
  const auto twice = run_policytune_here({"prune", testing::kTinyBenchmark, same_name, "--db", database});
  CHECK(twice.exit_code == 2);
  CHECK_THAT(twice.err, Catch::Contains("names benchmark tiny.sum as ") && Catch::Contains("prune one at a time"));
  CHECK(testing::lines_of(twice.err).size() == 1);
  const auto none = run_policytune_here({"prune", "--db", database});
  CHECK(none.exit_code == 2);
  const auto missing = run_policytune_here({"prune", testing::kTinyBenchmark, "--db", directory.file("none.db")});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "policytune: error: " + directory.file("none.db") + ": no such database\n");
}

TEST_CASE("prune refuses a current source that is no version, and the database as a source, dropping nothing",
          "[prune_command]") {
  testing::TemporaryDirectory directory("prune");
  const std::string database = directory.file("sources.db");
  std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/tiny.two_sources.db", database);
  std::filesystem::create_directories(directory.path() / "bench" / "tiny");
  // A truncated checkout: every row of tiny.sum would have been an old source's.
  const std::string empty = directory.write("bench/tiny/sum.cpp", "");
  const auto truncated = run_policytune_here({"prune", empty, "--db", database});
  CHECK(truncated.exit_code == 2);
  CHECK(truncated.err == "policytune: error: " + empty +
                             ": is empty (a truncated checkout?): no version of the benchmark, so every stored row "
                             "would count as an old version's\n");
  CHECK(truncated.out.empty());
  const auto itself = run_policytune_here({"prune", database, "--db", database});
  CHECK(itself.exit_code == 2);
  CHECK_THAT(itself.err, Catch::StartsWith("policytune: error: " + database + ": --db is the benchmark source " +
                                           database + ": writing it would destroy what it holds"));
  ResultsDatabase unchanged(database, ResultsDatabase::Mode::read_only);
  CHECK(unchanged.measurements().size() == 15);
}
