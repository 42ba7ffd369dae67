#include <catch2/catch.hpp>

#include <filesystem>

#include "commands/command.hpp"
#include "core/text_input.hpp"
#include "store/results_database.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
using testing::run_policytune_here;

namespace {

const std::string kCheckCommandWork = POLICYTUNE_TEST_DATA "/check/bench/check/work.cpp";

}  // namespace

TEST_CASE("check without tunings for this machine has nothing to check and passes, JUnit written", "[check_command]") {
  testing::TemporaryDirectory directory("check-command");
  const std::string junit = directory.file("check.xml");
  const std::string empty = directory.file("empty.db");
  ResultsDatabase(empty, ResultsDatabase::Mode::create_if_missing);
  const auto run = run_policytune_here({"check", kCheckCommandWork, "--db", empty, "--build-dir",
                                        directory.file("build"), "--junit", junit, "--markdown"});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::Contains("nothing tuned for") && Catch::Contains("check passed: 0 runtime workloads"));
  REQUIRE(std::filesystem::exists(junit));
  CHECK_THAT(read_text_file(junit), Catch::StartsWith("<?xml") && Catch::Contains("<testsuite"));
}

TEST_CASE("check's bad options are refused before anything is measured, one error line each", "[check_command]") {
  testing::TemporaryDirectory directory("check-command");
  const auto tolerance = run_policytune_here({"check", kCheckCommandWork, "--tolerance", "2"});
  CHECK(tolerance.exit_code == 2);
  CHECK(tolerance.err == "policytune: error: --tolerance: must be a number between 0 and 1, not '2'\n");
  const auto missing =
      run_policytune_here({"check", directory.file("no/such/bench.cpp"), "--db", directory.file("c.db")});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err ==
        "policytune: error: " + directory.file("no/such/bench.cpp") + ": cannot read the benchmark source\n");
  const auto junit = run_policytune_here({"check", kCheckCommandWork, "--db", directory.file("c.db"), "--build-dir",
                                          directory.file("build"), "--junit", directory.path().string()});
  CHECK(junit.exit_code == 2);
  CHECK(junit.err ==
        "policytune: error: " + directory.path().string() + ": --junit names a directory, not a file to write\n");
  CHECK_FALSE(std::filesystem::exists(directory.file("build")));  // nothing built
  const auto policies = run_policytune_here({"check", POLICYTUNE_TEST_DATA "/check/bench/check/sized_work.cpp",
                                             "--dispatch", "Elements{io}", "--max-policies", "0"});
  CHECK(policies.exit_code == 2);
  CHECK(policies.err == "policytune: error: --max-policies: must be a whole number from 1 to 64, not '0'\n");
}

TEST_CASE("check refuses a database that is not there, and a JUnit file that is one of its inputs", "[check_command]") {
  testing::TemporaryDirectory directory("check-command");
  // Read as empty, a typo in --db would ship nothing to check and pass forever.
  const std::string typo = directory.file("typo.db");
  const auto missing =
      run_policytune_here({"check", kCheckCommandWork, "--db", typo, "--build-dir", directory.file("build")});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "policytune: error: " + typo + ": no such database\n");
  CHECK(missing.out.empty());
  CHECK_FALSE(std::filesystem::exists(typo));
  const std::string database = directory.file("t.db");
  std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/tiny.two_sources.db", database);
  const auto junit = run_policytune_here(
      {"check", kCheckCommandWork, "--db", database, "--build-dir", directory.file("build"), "--junit", database});
  CHECK(junit.exit_code == 2);
  CHECK(junit.err == "policytune: error: " + database + ": --junit is --db " + database +
                         ": writing it would destroy what it holds; give --junit another file\n");
  const auto source = run_policytune_here({"check", kCheckCommandWork, "--db", database, "--build-dir",
                                           directory.file("build"), "--junit", kCheckCommandWork});
  CHECK(source.exit_code == 2);
  CHECK_THAT(source.err, Catch::Contains("--junit is the benchmark source " + kCheckCommandWork + ":"));
  CHECK_FALSE(std::filesystem::exists(directory.file("build")));  // nothing built
  CHECK(ResultsDatabase(database, ResultsDatabase::Mode::read_only).measurements().size() == 15);
}
