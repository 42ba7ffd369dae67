#include "cub_results/cub_bench_database.hpp"

#include <sys/stat.h>

#include <catch2/catch.hpp>

#include "core/user_error.hpp"
#include "support/cub_results_database.hpp"

using namespace policytune;
using testing::changed_cub_database;
using testing::kCubResultsDatabase;

namespace {

// The message of the UserError reading `path` throws; fails the test when it reads.
std::string cub_database_error(const std::string& path) {
  try {
    read_cub_bench_database(path);
  } catch (const UserError& error) {
    return error.what();
  }
  FAIL("read without an error: " << path);
  return "";
}

}  // namespace

TEST_CASE("CUB's database: each entry's states with their axes, and every build and run", "[cub_results]") {
  const auto database = read_cub_bench_database(kCubResultsDatabase);
  REQUIRE(database.entries.size() == 1);
  const auto& entry = database.entries.front();
  CHECK(entry.algorithm == "cub.bench.reduce.sum");
  CHECK(entry.entry == "base");
  REQUIRE(entry.rows.size() == 12);  // three variants, two element types, two sizes
  const auto& first = entry.rows.front();
  CHECK(first.ctk == "12.8");
  CHECK(first.gpu == "H100 80GB HBM3 (5120, 132, eccon)");
  CHECK(first.variant == "base");
  CHECK(first.axes == Workload{{"T{ct}", "I32"}, {"OffsetT{ct}", "U32"}, {"Elements{io}[pow2]", "16"}});
  REQUIRE(first.center);
  CHECK(*first.center == Approx(8e-6).epsilon(0.05));
  CHECK_FALSE(first.samples.empty());
  CHECK(database.builds.size() == 5);
  CHECK(database.runs.size() == 4);  // the variant that did not build never ran
  CHECK(database.builds[3].bench == "cub.bench.reduce.sum.ipt_24.tpb_1024.ipv_2");
  CHECK(database.builds[3].code == 1);
}

TEST_CASE("a file that is not CUB's database is one error naming it, and what is wrong", "[cub_results]") {
  testing::TemporaryDirectory directory("cub-database");
  CHECK_THAT(cub_database_error(directory.file("none.db")), Catch::Contains("none.db: no such file"));
  CHECK_THAT(cub_database_error(directory.path().string()), Catch::EndsWith(": is a directory, not a regular file"));
  const std::string fifo = directory.file("cccl_meta_bench.db");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);  // opened, it would wait for a writer forever
  CHECK(cub_database_error(fifo) == fifo + ": is a FIFO (named pipe), not a regular file");
  const std::string text = directory.write("text.db", "not a database at all, but long enough to be read as one\n");
  CHECK_THAT(cub_database_error(text), Catch::Contains("cannot read it as CUB's results database"));
  CHECK_THAT(cub_database_error(changed_cub_database(directory, "DROP TABLE subbenches")),
             Catch::Contains("has no table 'subbenches'"));
  CHECK_THAT(cub_database_error(changed_cub_database(directory, "DROP TABLE \"cub.bench.reduce.sum.base\"")),
             Catch::Contains("subbenches lists cub.bench.reduce.sum base, but there is no table"));
  CHECK_THAT(cub_database_error(
                 changed_cub_database(directory, "ALTER TABLE \"cub.bench.reduce.sum.base\" DROP COLUMN center")),
             Catch::Contains("has no column 'center'"));
  CHECK_THAT(cub_database_error(
                 changed_cub_database(directory, "UPDATE \"cub.bench.reduce.sum.base\" SET gpu = '' WHERE rowid = 3")),
             Catch::Contains("table \"cub.bench.reduce.sum.base\", row 3: 'gpu' is empty"));
  CHECK_THAT(cub_database_error(changed_cub_database(
                 directory, "UPDATE \"cub.bench.reduce.sum.base\" SET center = 'abc' WHERE rowid = 6")),
             Catch::Contains("row 6: center 'abc' is not a number"));
  CHECK_THAT(cub_database_error(changed_cub_database(directory, "UPDATE runs SET code = 'x1' WHERE rowid = 2")),
             Catch::Contains("table runs, row 2: code 'x1' is not an exit code"));
}
