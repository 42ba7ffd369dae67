#include <catch2/catch.hpp>

#include <filesystem>

#include "commands/command.hpp"
#include "kernel_tuner/kernel_tuner_import.hpp"
#include "store/results_database.hpp"
#include "support/command_run.hpp"
#include "support/cub_results_database.hpp"
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

TEST_CASE("import cub refuses a database without results and a compute capability given twice, writing nothing",
          "[import_command]") {
  testing::TemporaryDirectory directory("import");
  const std::string database = directory.file("imported.db");
  // What CUB's search.py leaves when it is stopped before its first result: the tables, empty.
  const std::string schema_only = testing::changed_cub_database(
      directory, "DELETE FROM builds; DELETE FROM runs; DELETE FROM \"cub.bench.reduce.sum.base\";");
  const auto empty =
      run_policytune_here({"import", "cub", schema_only, "--db", database, "--compute-capability", "9.0"});
  CHECK(empty.exit_code == 2);
  CHECK(empty.err == "policytune: error: " + schema_only +
                         ": holds CUB's tables but no results (no measured state, no failed build or run)\n");
  // Given twice, the last would win: an H100 stored as SM 8.0.
  const auto twice = run_policytune_here({"import", "cub", testing::kCubResultsDatabase, "--db", database,
                                          "--compute-capability", "9.0", "--compute-capability", "8.0"});
  CHECK(twice.exit_code == 2);
  CHECK(twice.err ==
        "policytune: error: --compute-capability is given twice for every GPU (9.0, then 8.0): give it once\n");
  const auto one_gpu = run_policytune_here({"import", "cub", testing::kCubResultsDatabase, "--db", database,
                                            "--compute-capability", "H100 80GB HBM3=9.0", "--compute-capability", "8.0",
                                            "--compute-capability", "H100 80GB HBM3=9.0"});
  CHECK(one_gpu.exit_code == 2);
  CHECK_THAT(one_gpu.err, Catch::Contains("given twice for 'H100 80GB HBM3' (9.0, then 9.0)"));
  // Two sources of one benchmark: the first would give every row its hash, silently.
  std::filesystem::create_directories(directory.path() / "other" / "reduce");
  const std::string other_sum = directory.write("other/reduce/sum.cu", "// %RANGE% TUNE_X x 1:2:1\n");
  const auto sources =
      run_policytune_here({"import", "cub", testing::kCubResultsDatabase, "--db", database, "--compute-capability",
                           "9.0", "--source", POLICYTUNE_SOURCE_DIR "/bench/reduce/sum.cu", "--source", other_sum});
  CHECK(sources.exit_code == 2);
  CHECK(sources.err == "policytune: error: " + other_sum + ": --source names benchmark reduce.sum as " +
                           POLICYTUNE_SOURCE_DIR "/bench/reduce/sum.cu does: give one\n");
  CHECK_FALSE(std::filesystem::exists(database));
}

TEST_CASE("import refuses a --db that is one of the files it imports", "[import_command]") {
  testing::TemporaryDirectory directory("import");
  const std::string cub = directory.file("cccl_meta_bench.db");
  std::filesystem::copy_file(testing::kCubResultsDatabase, cub);
  const auto run = run_policytune_here({"import", "cub", cub, "--db", cub, "--compute-capability", "9.0"});
  CHECK(run.exit_code == 2);
  CHECK(run.err == "policytune: error: " + cub + ": --db is CUB's database " + cub +
                       ": writing it would destroy what it holds; give --db another file\n");
  const std::string landscape = directory.file("tiny.json");
  std::filesystem::copy_file(testing::kTinyLandscape, landscape);
  const auto cache = run_policytune_here({"import", "kernel-tuner", landscape, "--db", landscape});
  CHECK(cache.exit_code == 2);
  CHECK_THAT(cache.err, Catch::Contains("--db is the Kernel Tuner cache "));
}
