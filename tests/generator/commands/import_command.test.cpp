#include <catch2/catch.hpp>

#include <filesystem>

#include "commands/command.hpp"
#include "kernel_tuner/kernel_tuner_import.hpp"
#include "store/results_database.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::run_policytune_here;

TEST_CASE("import kernel-tuner stores a cache's configurations and its space, and says how many", "[import_command]") {
  testing::TemporaryDirectory directory("import");
  const std::string database = directory.file("imported.db");
  const KernelTunerImport expected = import_kernel_tuner(testing::kTinyLandscape, std::nullopt);
  std::size_t failed = 0;
  for (const auto& m : expected.measurements) failed += m.status != Status::ok ? 1 : 0;
  REQUIRE(failed > 0);
  const auto run = run_policytune_here({"import", "kernel-tuner", testing::kTinyLandscape, "--db", database});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  CHECK(run.out == testing::kTinyLandscape + ": imported " + std::to_string(expected.measurements.size() - 1) +
                       " configurations (" + std::to_string(failed) + " failed) of " + expected.space.benchmark +
                       " on Test GPU, base = " + expected.base_configuration + "\n");
  ResultsDatabase stored(database, ResultsDatabase::Mode::read_only);
  CHECK(stored.measurements().size() == expected.measurements.size());
  REQUIRE(stored.search_spaces().size() == 1);
  CHECK(stored.search_spaces()[0].benchmark == expected.space.benchmark);
}

TEST_CASE("import --base scores against the configuration it names", "[import_command]") {
  testing::TemporaryDirectory directory("import");
  const auto run = run_policytune_here(
      {"import", "kernel-tuner", testing::kTinyLandscape, "--db", directory.file("a.db"), "--base", "64,0"});
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::EndsWith(", base = 64,0\n"));
}

TEST_CASE("import refuses an unknown format and a bad file, writing nothing", "[import_command]") {
  testing::TemporaryDirectory directory("import");
  const std::string database = directory.file("imported.db");
  const auto format = run_policytune_here({"import", "atf", testing::kTinyLandscape, "--db", database});
  CHECK(format.exit_code == 2);
  CHECK(testing::lines_of(format.err).size() == 1);
  // A bad file after a good one: nothing of either is imported.
  const auto truncated = run_policytune_here({"import", "kernel-tuner", testing::kTinyLandscape,
                                              POLICYTUNE_TEST_DATA "/kernel_tuner/truncated.json", "--db", database});
  CHECK(truncated.exit_code == 2);
  CHECK_THAT(truncated.err, Catch::StartsWith("policytune: error: ") && Catch::Contains("truncated.json"));
  CHECK(truncated.out.empty());
  CHECK_FALSE(std::filesystem::exists(database));
}
