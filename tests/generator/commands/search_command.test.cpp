#include <catch2/catch.hpp>

#include <filesystem>

#include "commands/command.hpp"
#include "core/text_input.hpp"
#include "store/results_database.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::run_policytune_here;

TEST_CASE("search measures and stores; the same command again finds it stored", "[search_command]") {
  testing::TemporaryDirectory directory("search-command");
  const std::string database = directory.file("search.db");
  const std::vector<std::string> arguments{"search",
                                           testing::kTinyBenchmark,
                                           "-a",
                                           "T{ct}=I32",
                                           "--strategy",
                                           "exhaustive",
                                           "--budget",
                                           "1",
                                           "--confirm",
                                           "0",
                                           "--db",
                                           database,
                                           "--build-dir",
                                           directory.file("build"),
                                           "--min-samples",
                                           "3",
                                           "--max-time",
                                           "0.02"};
  const auto first = run_policytune_here(arguments);
  INFO(first.err);
  CHECK(first.exit_code == 0);
  CHECK_THAT(first.out,
             Catch::StartsWith("searched: 1 variants measured, 0 found stored, 0 failed, 0 skipped by the device;") &&
                 Catch::EndsWith("; results in " + database + "\n"));
  std::size_t rows = 0;
  {
    ResultsDatabase stored(database, ResultsDatabase::Mode::read_only);
    rows = stored.measurements().size();
  }
  CHECK(rows > 0);
  const auto again = run_policytune_here(arguments);
  CHECK(again.exit_code == 0);
  CHECK_THAT(again.out, Catch::StartsWith("searched: 0 variants measured, 1 found stored, 0 failed"));
  ResultsDatabase stored(database, ResultsDatabase::Mode::read_only);
  CHECK(stored.measurements().size() == rows);
}

TEST_CASE("search's bad options are one error line, before anything is built", "[search_command]") {
  testing::TemporaryDirectory directory("search-command");
  const std::string build = directory.file("build");
  const auto shard = run_policytune_here(
      {"search", testing::kTinyBenchmark, "--shard", "3", "--db", directory.file("x.db"), "--build-dir", build});
  CHECK(shard.exit_code == 2);
  CHECK(shard.err == "policytune: error: --shard '3' is not k/N (two whole numbers below 2^64)\n");
  const auto axis = run_policytune_here(
      {"search", testing::kTinyBenchmark, "-a", "T{ct}", "--db", directory.file("x.db"), "--build-dir", build});
  CHECK(axis.exit_code == 2);
  CHECK(axis.err == "policytune: error: -a 'T{ct}' is not Axis=value or Axis=[v1,v2]\n");
  const auto strategy = run_policytune_here({"search", testing::kTinyBenchmark, "--strategy", "bayesian"});
  CHECK(strategy.exit_code == 2);
  CHECK(testing::lines_of(strategy.err).size() == 1);
  const auto learning =
      run_policytune_here({"search", testing::kTinyBenchmark, "--compile-only", "--strategy", "adaptive_evolution",
                           "--db", directory.file("x.db"), "--build-dir", build});
  CHECK(learning.exit_code == 2);
  CHECK(learning.err ==
        "policytune: error: --compile-only measures nothing to guide --strategy adaptive_evolution: use "
        "exhaustive, random, prior_order or prior_round_robin\n");
  const auto jobs = run_policytune_here({"search", testing::kTinyBenchmark, "-j", "-1"});
  CHECK(jobs.exit_code == 2);
  CHECK_THAT(jobs.err, Catch::StartsWith("policytune: error: ") &&
                           Catch::EndsWith("must be a whole number from 0 to 1024, not '-1'\n"));
  CHECK(testing::lines_of(jobs.err).size() == 1);
  CHECK_FALSE(std::filesystem::exists(build));
}

TEST_CASE("search --db naming a benchmark source is refused before anything is built", "[search_command]") {
  testing::TemporaryDirectory directory("search-command");
  const std::string benchmark = directory.file("sum.cpp");
  std::filesystem::copy_file(testing::kTinyBenchmark, benchmark);
  const auto run =
      run_policytune_here({"search", benchmark, "--db", benchmark, "--build-dir", directory.file("build")});
  CHECK(run.exit_code == 2);
  CHECK(run.err == "policytune: error: " + benchmark + ": --db is the benchmark source " + benchmark +
                       ": writing it would destroy what it holds; give --db another file\n");
  CHECK(read_text_file(benchmark) == read_text_file(testing::kTinyBenchmark));
  CHECK_FALSE(std::filesystem::exists(directory.file("build")));
}
