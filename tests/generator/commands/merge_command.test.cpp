#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>

#include "commands/command.hpp"
#include "store/results_database.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
using testing::run_policytune_here;

TEST_CASE("merge adds what --db lacks, and a second merge finds everything there", "[merge_command]") {
  testing::TemporaryDirectory directory("merge");
  const std::string input = directory.file("shard.db");
  std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/tiny.two_sources.db", input);
  std::size_t rows = 0;
  {
    ResultsDatabase source(input, ResultsDatabase::Mode::read_only);
    rows = source.measurements().size();
  }
  REQUIRE(rows > 0);
  const std::string merged = directory.file("merged.db");
  const auto first = run_policytune_here({"merge", "--db", merged, input});
  INFO(first.err);
  CHECK(first.exit_code == 0);
  CHECK(std::regex_match(
      first.out, std::regex("merged 1 databases into " + std::regex_replace(merged, std::regex("[.]"), "\\.") + ": " +
                            std::to_string(rows) +
                            " rows added, 0 replaced by newer ones, 0 already there; "
                            "[0-9]+ of base's answers taken\n")));
  const auto again = run_policytune_here({"merge", "--db", merged, input});
  CHECK(again.exit_code == 0);
  CHECK_THAT(again.out,
             Catch::Contains(": 0 rows added, 0 replaced by newer ones, " + std::to_string(rows) + " already there"));
  ResultsDatabase result(merged, ResultsDatabase::Mode::read_only);
  CHECK(result.measurements().size() == rows);
}

TEST_CASE("merge needs inputs, and a missing one is one error line", "[merge_command]") {
  testing::TemporaryDirectory directory("merge");
  const auto none = run_policytune_here({"merge", "--db", directory.file("merged.db")});
  CHECK(none.exit_code == 2);
  CHECK(testing::lines_of(none.err).size() == 1);
  const auto missing = run_policytune_here({"merge", "--db", directory.file("merged.db"), directory.file("no.db")});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "policytune: error: " + directory.file("no.db") + ": no such database\n");
  // The destination as an input by another path (a hard link) is the destination itself.
  const std::string merged = directory.file("merged.db");
  ResultsDatabase(merged, ResultsDatabase::Mode::create_if_missing);
  std::filesystem::create_hard_link(merged, directory.file("alias.db"));
  const auto itself = run_policytune_here({"merge", "--db", merged, directory.file("alias.db")});
  CHECK(itself.exit_code == 2);
  CHECK(itself.err == "policytune: error: " + directory.file("alias.db") + ": is the destination itself\n");
}
