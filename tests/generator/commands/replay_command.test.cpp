#include <catch2/catch.hpp>

#include "commands/command.hpp"
#include "support/command_run.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::run_policytune_here;

TEST_CASE("replay prints the fraction of the optimum found per budget", "[replay_command]") {
  // tiny.json: the first configuration (32,0) takes 2.0, the best (64,0) 1.0; exhaustive reaches it
  // by its fourth evaluation.
  const auto run = run_policytune_here(
      {"replay", testing::kTinyLandscape, "--strategy", "exhaustive", "--budget", "1,4", "--repeats", "2"});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  const auto lines = testing::lines_of(run.out);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "budget 1: 0.500");
  CHECK(lines[1] == "budget 4: 1.000");
}

TEST_CASE("replay with a seed gives the same fractions every time", "[replay_command]") {
  const std::vector<std::string> arguments{
      "replay", testing::kTinyLandscape, "--strategy", "random", "--budget", "2", "--repeats", "4", "--seed", "7"};
  const auto first = run_policytune_here(arguments);
  const auto again = run_policytune_here(arguments);
  CHECK(first.exit_code == 0);
  CHECK(first.out == again.out);
}

TEST_CASE("replay's bad options and landscapes are one error line and exit code 2", "[replay_command]") {
  const auto strategy = run_policytune_here({"replay", testing::kTinyLandscape, "--strategy", "bayesian"});
  CHECK(strategy.exit_code == 2);
  CHECK_THAT(strategy.err, Catch::StartsWith("policytune: error: ") && Catch::Contains("bayesian"));
  const auto budget = run_policytune_here({"replay", testing::kTinyLandscape, "--budget", "0"});
  CHECK(budget.exit_code == 2);
  CHECK(testing::lines_of(budget.err).size() == 1);
  const auto malformed = run_policytune_here({"replay", POLICYTUNE_TEST_DATA "/landscapes/malformed.json"});
  CHECK(malformed.exit_code == 2);
  CHECK_THAT(
      malformed.err,
      Catch::EndsWith("malformed.json:7: cache entry '48,0' has block_size_x = 48, which tune_params does not list\n"));
  const auto prior = run_policytune_here({"replay", testing::kTinyLandscape, "--prior", testing::kPnpolyLandscape});
  CHECK(prior.exit_code == 2);
  CHECK_THAT(prior.err, Catch::Contains("its parameters are not those of the landscape replayed"));
}
