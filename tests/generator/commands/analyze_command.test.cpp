#include <catch2/catch.hpp>

#include <filesystem>

#include "commands/command.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::run_policytune_here;

namespace {

// A copy of a database of tests/data/databases: opening one switches it to WAL mode.
std::string analyze_database_copy(const testing::TemporaryDirectory& directory, const std::string& name) {
  const std::string copy = directory.file(name);
  std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/" + name, copy);
  return copy;
}

}  // namespace

TEST_CASE("analyze ranks each workload's variants, the current source's marked", "[analyze_command]") {
  testing::TemporaryDirectory directory("analyze");
  const std::string database = analyze_database_copy(directory, "tiny.two_sources.db");
  const auto top = run_policytune_here({"analyze", testing::kTinyBenchmark, "--db", database, "--top", "1"});
  CHECK(top.exit_code == 0);
  CHECK(top.err.empty());
  CHECK_THAT(top.out, Catch::Contains(
                          "source 0123456789abcdef, last measured 2026-01-10T09:00:02Z (OLD: the source file is now") &&
                          Catch::Contains("(current)"));
  const auto failures = run_policytune_here({"analyze", "--failures", "--db", database});
  CHECK(failures.exit_code == 0);
  CHECK_THAT(failures.out, Catch::Contains("2 failed variants\n    unroll_4  build_failed") &&
                               Catch::Contains("unroll_5  wrong_result"));
  const auto filtered = run_policytune_here({"analyze", "--db", database, "-R", "other\\..*"});
  CHECK(filtered.exit_code == 0);
  CHECK(filtered.out == database + ": no measurements\n");
}

TEST_CASE("analyze --dispatch weighs a dispatch over sizes against one policy", "[analyze_command]") {
  testing::TemporaryDirectory directory("analyze");
  const std::string database = analyze_database_copy(directory, "radix_sort.host_keys.db");
  const auto dispatch = run_policytune_here({"analyze", "--db", database, "--dispatch"});
  CHECK(dispatch.exit_code == 0);
  CHECK_THAT(dispatch.out, Catch::Contains("one policy: bits_11") &&
                               Catch::Contains("best dispatch over Elements{io}[pow2]: 3 ranges") &&
                               Catch::Contains("verdict: dispatch: 3 policies gain"));
  const auto limited =
      run_policytune_here({"analyze", "--db", database, "--dispatch", "--max-policies", "2", "--threshold", "0.5"});
  CHECK(limited.exit_code == 0);
  CHECK_THAT(limited.out, Catch::Contains("2 ranges") && Catch::Contains("verdict: one policy"));
}

TEST_CASE("analyze's bad options and databases are one error line and exit code 2", "[analyze_command]") {
  testing::TemporaryDirectory directory("analyze");
  const std::string database = analyze_database_copy(directory, "radix_sort.host_keys.db");
  const auto policies = run_policytune_here({"analyze", "--db", database, "--dispatch", "--max-policies", "0"});
  CHECK(policies.exit_code == 2);
  CHECK(policies.err == "policytune: error: --max-policies: must be a whole number from 1 to 64, not '0'\n");
  const auto regex = run_policytune_here({"analyze", "--db", database, "-R", "("});
  CHECK(regex.exit_code == 2);
  CHECK_THAT(regex.err, Catch::StartsWith("policytune: error: -R '(' is not a valid regex"));
  CHECK(testing::lines_of(regex.err).size() == 1);
  const auto missing = run_policytune_here({"analyze", "--db", directory.file("none.db")});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "policytune: error: " + directory.file("none.db") + ": no such database\n");
  CHECK_FALSE(std::filesystem::exists(directory.file("none.db")));  // reading creates nothing
  const auto corrupt = run_policytune_here({"analyze", "--db", POLICYTUNE_TEST_DATA "/databases/corrupt.db"});
  CHECK(corrupt.exit_code == 2);
  CHECK_THAT(corrupt.err, Catch::Contains("corrupt.db: not a PolicyTune database"));
}
