// `policytune pool`: builds base and variants into a pool folder and says what it holds; a second
// command builds only what the pool lacks; --exclude-stored leaves out what a database holds;
// --max-size stops it cleanly; and `search --pool` measures it.
#include <catch2/catch.hpp>

#include <filesystem>

#include "run/compile_pool.hpp"
#include "store/results_database.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::run_policytune_here;

namespace {

std::vector<std::string> pool_arguments(const testing::TemporaryDirectory& directory, const std::string& budget) {
  return {"pool",         testing::kTinyBenchmark,
          "-a",           "T{ct}=I32",
          "--pool",       directory.file("pool"),
          "--build-dir",  directory.file("build"),
          "--budget",     budget,
          "--strategy",   "exhaustive",
          "--batch-size", "1"};
}

std::size_t pooled_variants(const testing::TemporaryDirectory& directory) {
  std::size_t count = 0;
  for (const auto& workload : CompilePool::open(directory.file("pool")).benchmark("tiny.sum")->workloads) {
    count += workload.variant_count();
  }
  return count;
}

}  // namespace

TEST_CASE("pool builds what it lacks, says what it holds, and search --pool measures it", "[pool_command]") {
  testing::TemporaryDirectory directory("pool-command");
  const auto first = run_policytune_here(pool_arguments(directory, "2"));
  INFO(first.err);
  REQUIRE(first.exit_code == 0);
  CHECK_THAT(first.out,
             Catch::StartsWith("pool " + directory.file("pool") + ": 2 variants of 1 benchmark in 2 binaries, ") &&
                 Catch::Contains("; built now: 2 variants, 0 failed, compiling "));
  CHECK(pooled_variants(directory) == 2);
  // A larger budget builds the rest only.
  const auto second = run_policytune_here(pool_arguments(directory, "4"));
  REQUIRE(second.exit_code == 0);
  CHECK_THAT(second.out, Catch::Contains(": 4 variants of 1 benchmark in 4 binaries, ") &&
                             Catch::Contains("built now: 2 variants"));

  const std::string database = directory.file("visit.db");
  const auto measured = run_policytune_here(
      {"search", testing::kTinyBenchmark, "-a", "T{ct}=I32", "--pool", directory.file("pool"), "--db", database,
       "--build-dir", directory.file("measure"), "--confirm", "0", "--min-samples", "3", "--max-time", "0.02"});
  INFO(measured.err);
  REQUIRE(measured.exit_code == 0);
  CHECK_THAT(measured.out, Catch::StartsWith("searched: 4 variants measured, 0 found stored, 0 failed") &&
                               Catch::Contains("compiling 0.0 s"));

  // What the visit stored, a pool for the next one leaves out.
  auto next = pool_arguments(directory, "6");
  next[5] = directory.file("next-pool");
  next.insert(next.end(), {"--exclude-stored", database});
  const auto excluding = run_policytune_here(next);
  INFO(excluding.err);
  REQUIRE(excluding.exit_code == 0);
  CHECK_THAT(excluding.out, Catch::Contains(": 2 variants of 1 benchmark"));
  const CompilePool next_pool = CompilePool::open(directory.file("next-pool"));
  const PooledWorkload& workload = next_pool.benchmark("tiny.sum")->workloads.front();
  for (const auto& binary : workload.binaries) {
    for (const auto& variant : binary.variants) {
      CHECK_FALSE(CompilePool::open(directory.file("pool")).benchmark("tiny.sum")->workloads.front().holds(variant));
    }
  }
}

TEST_CASE("a pool stops growing at --max-size and says so", "[pool_command]") {
  testing::TemporaryDirectory directory("pool-command");
  auto arguments = pool_arguments(directory, "6");
  arguments.insert(arguments.end(), {"--max-size", "0.5"});  // base and two or three variants
  const auto full = run_policytune_here(arguments);
  INFO(full.err);
  REQUIRE(full.exit_code == 0);
  const std::uintmax_t bytes = CompilePool::open(directory.file("pool")).bytes();
  CHECK(bytes <= std::uintmax_t{1} << 19);
  CHECK_THAT(full.out,
             Catch::Contains("; full: --max-size 0.5 MiB reached, ") && Catch::Contains(" built variants left out"));
  CHECK(pooled_variants(directory) < 6);
}

TEST_CASE("pool's bad input is one error line, nothing built", "[pool_command]") {
  testing::TemporaryDirectory directory("pool-command");
  auto arguments = pool_arguments(directory, "2");
  arguments.insert(arguments.end(), {"--exclude-stored", directory.file("no-such.db")});
  const auto missing = run_policytune_here(arguments);
  CHECK(missing.exit_code == 2);
  CHECK_THAT(missing.err, Catch::Contains("no-such.db"));
  CHECK_FALSE(std::filesystem::exists(directory.file("pool")));
}
