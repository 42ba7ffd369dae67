#include "cub_results/cub_import.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "support/cub_results_database.hpp"

using namespace policytune;
using testing::changed_cub_database;
using testing::kCubResultsDatabase;

namespace {

const std::string kReduceSource = POLICYTUNE_SOURCE_DIR "/bench/reduce/sum.cu";

CubImportOptions every_gpu_sm90() { return {{}, {{"", "9.0"}}}; }

// The message of the UserError importing `path` throws; fails the test when it imports.
std::string cub_import_error(const std::string& path, const CubImportOptions& options) {
  try {
    import_cub(read_cub_bench_database(path), options);
  } catch (const UserError& error) {
    return error.what();
  }
  FAIL("imported without an error: " << path);
  return "";
}

const Measurement* find_row(const std::vector<Measurement>& rows, const std::string& variant,
                            const std::string& ct_workload, const std::string& rt_workload) {
  const auto found = std::find_if(rows.begin(), rows.end(), [&](const Measurement& row) {
    return row.variant == variant && row.ct_workload == ct_workload && row.rt_workload == rt_workload;
  });
  return found == rows.end() ? nullptr : &*found;
}

}  // namespace

TEST_CASE("CUB's states become rows of the benchmark, its failures failed rows", "[cub_results]") {
  const auto imported = import_cub(read_cub_bench_database(kCubResultsDatabase), every_gpu_sm90());
  CHECK(imported.measurements.size() == 12 + 4);  // two failed variants on each of two workloads
  CHECK(imported.spaces.empty());                 // no source given
  const Measurement* base =
      find_row(imported.measurements, "base", "T{ct}=I32,OffsetT{ct}=U32", "Elements{io}[pow2]=16");
  REQUIRE(base != nullptr);
  CHECK(base->benchmark == "reduce.sum");
  CHECK(base->algorithm == "reduce");
  CHECK(base->entry == "base");
  CHECK(base->status == Status::ok);
  CHECK(base->device == DeviceIdentity{"H100 80GB HBM3", 132, 5120, true, "9.0", ""});
  CHECK(base->toolkit == "CUDA 12.8");
  CHECK(base->library == "CCCL f19d875da0d8bfb2e38c109b2b40522b8abbbbc3");
  CHECK(base->source_hash == "cub:f19d875da0d8bfb2e38c109b2b40522b8abbbbc3");
  CHECK(base->statistics.count == 40);
  CHECK(base->statistics.median == Approx(8e-6).epsilon(0.05));
  CHECK(base->statistics.min <= base->statistics.median);
  CHECK(base->statistics.stddev > 0);
  const Measurement* unbuilt =
      find_row(imported.measurements, "ipt_24.tpb_1024.ipv_2", "T{ct}=F32,OffsetT{ct}=U32", "");
  REQUIRE(unbuilt != nullptr);
  CHECK(unbuilt->status == Status::build_failed);
  CHECK(unbuilt->reason == "CUB's build exited with code 1");
  CHECK(unbuilt->device == base->device);
  const Measurement* crashed = find_row(imported.measurements, "ipt_7.tpb_128.ipv_1", "T{ct}=I32,OffsetT{ct}=U32", "");
  REQUIRE(crashed != nullptr);
  CHECK(crashed->status == Status::run_failed);
  REQUIRE(imported.summary.size() == 1);
  CHECK_THAT(imported.summary.front(), Catch::Contains("12 states and 4 failed rows of reduce.sum"));
}

TEST_CASE("a variant that failed twice is one failed row per workload", "[cub_results]") {
  testing::TemporaryDirectory directory("cub-import");
  const std::string twice = changed_cub_database(
      directory, "INSERT INTO runs SELECT ctk, cccl, bench, code, elapsed FROM runs WHERE code <> '0'");
  const auto imported = import_cub(read_cub_bench_database(twice), every_gpu_sm90());
  CHECK(imported.measurements.size() == 12 + 4);
  CHECK_THAT(imported.summary.front(), Catch::Contains("12 states and 4 failed rows"));
}

TEST_CASE("with its benchmark file, CUB's rows take the file's source hash and space", "[cub_results]") {
  CubImportOptions options = every_gpu_sm90();
  options.sources = {kReduceSource};
  const auto imported = import_cub(read_cub_bench_database(kCubResultsDatabase), options);
  std::ifstream file(kReduceSource);
  std::stringstream text;
  text << file.rdbuf();
  for (const auto& row : imported.measurements) CHECK(row.source_hash == content_hash(text.str()));
  REQUIRE(imported.spaces.size() == 1);
  CHECK(imported.spaces.front().benchmark == "reduce.sum");
  CHECK_THAT(imported.spaces.front().ranges, Catch::Contains("TUNE_ITEMS_PER_THREAD ipt 7:24:1\n"));
}

TEST_CASE("a CUB database that does not fit is one error naming the file and row", "[cub_results]") {
  testing::TemporaryDirectory directory("cub-import");
  CHECK_THAT(cub_import_error(kCubResultsDatabase, {}),
             Catch::Contains("GPU 'H100 80GB HBM3' needs its compute capability"));
  CHECK_THAT(cub_import_error(kCubResultsDatabase, {{}, {{"A100-SXM4-80GB", "8.0"}}}),
             Catch::Contains("GPU 'H100 80GB HBM3' needs"));
  const std::string table = "\"cub.bench.reduce.sum.base\"";
  CHECK_THAT(cub_import_error(changed_cub_database(directory, "UPDATE " + table + " SET gpu = 'H100' WHERE rowid = 2"),
                              every_gpu_sm90()),
             Catch::Contains("table \"cub.bench.reduce.sum.base\", row 2: gpu 'H100' is not CUB's"));
  CHECK_THAT(
      cub_import_error(
          changed_cub_database(directory, "UPDATE " + table + " SET samples = substr(samples, 1, 9) WHERE rowid = 5"),
          every_gpu_sm90()),
      Catch::Contains("table \"cub.bench.reduce.sum.base\", row 5: "));
  CHECK_THAT(cub_import_error(changed_cub_database(
                                  directory, "UPDATE " + table + " SET samples = NULL, center = NULL WHERE rowid = 4"),
                              every_gpu_sm90()),
             Catch::Contains("row 4: neither samples nor a center"));
  CHECK_THAT(cub_import_error(changed_cub_database(
                                  directory, "UPDATE " + table + " SET samples = NULL, center = 0.0 WHERE rowid = 4"),
                              every_gpu_sm90()),
             Catch::Contains("row 4: center 0 is not a time in seconds"));
  CHECK_THAT(cub_import_error(changed_cub_database(
                                  directory, "UPDATE " + table + " SET samples = NULL, center = 9e999 WHERE rowid = 4"),
                              every_gpu_sm90()),
             Catch::Contains("row 4: center inf is not a time in seconds"));
  // A header claiming a million floats in 64 bytes: decoding it spun for minutes.
  std::string lying = "X'66707929870EF0FF41FDC00EF100FF000000FF000000FF";  // the header, 23 bytes
  for (int padding = 0; padding < 64 - 23; ++padding) lying += "00";
  lying += "'";
  CHECK_THAT(cub_import_error(
                 changed_cub_database(directory, "UPDATE " + table + " SET samples = " + lying + " WHERE rowid = 3"),
                 every_gpu_sm90()),
             Catch::EndsWith("changed.db: table \"cub.bench.reduce.sum.base\", row 3: the samples' fpzip header claims "
                             "1000000 values, more than fpzip fits in its 64 bytes"));
  CubImportOptions with_source = every_gpu_sm90();
  with_source.sources = {kReduceSource};
  CHECK_THAT(
      cub_import_error(
          changed_cub_database(directory, "UPDATE " + table + " SET variant = 'ipt_99.tpb_256.ipv_1' WHERE rowid = 7"),
          with_source),
      Catch::Contains("row 7: variant 'ipt_99.tpb_256.ipv_1' is not in the space of"));
}

TEST_CASE("a failure goes to the longest algorithm its label starts with", "[cub_results]") {
  testing::TemporaryDirectory directory("cub-import");
  // A benchmark `reduce` beside `reduce.sum`: `cub.bench.reduce.sum.ipt_7...` is still reduce.sum's.
  const std::string both = changed_cub_database(
      directory,
      "INSERT INTO subbenches VALUES ('cub.bench.reduce', 'base');"
      "CREATE TABLE \"cub.bench.reduce.base\" AS SELECT * FROM \"cub.bench.reduce.sum.base\" WHERE variant = 'base'");
  const auto imported = import_cub(read_cub_bench_database(both), every_gpu_sm90());
  for (const auto& row : imported.measurements) {
    if (row.status != Status::ok) CHECK(row.benchmark == "reduce.sum");
  }
}

TEST_CASE("CUB's algorithm names lose their cub.bench. prefix only", "[cub_results]") {
  CHECK(benchmark_of_cub_algorithm("cub.bench.scan.exclusive.sum") == "scan.exclusive.sum");
  CHECK(benchmark_of_cub_algorithm("mylib.bench.sort") == "mylib.bench.sort");
}
