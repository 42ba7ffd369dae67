#include "store/results_database.hpp"
#include "store/results_schema.hpp"
#include "support/measurement_checks.hpp"
#include "support/temporary_directory.hpp"

#include <catch2/catch.hpp>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/environment_error.hpp"
#include "core/user_error.hpp"

namespace fs = std::filesystem;
using policytune::DeviceIdentity;
using policytune::Measurement;
using policytune::ResultsDatabase;
using policytune::SearchSpaceRecord;
using policytune::Status;
using policytune::UserError;

namespace {

using TempDir = policytune::testing::TemporaryDirectory;

DeviceIdentity h200() { return {"NVIDIA H200", 132, 6144, true, "9.0", "580.65"}; }

Measurement sample_measurement(const std::string& variant) {
  Measurement m;
  m.algorithm = "reduce";
  m.benchmark = "reduce.sum";
  m.device = h200();
  m.toolkit = "CUDA 13.0";
  m.library = "CCCL 3.0.1";
  m.source_hash = "0123456789abcdef";
  m.ct_workload = "T{ct}=I32,OffsetT{ct}=I64";
  m.variant = variant;
  m.entry = "reduce";
  m.rt_workload = "Elements{io}[pow2]=16";
  m.status = Status::ok;
  m.reason = "";
  m.statistics = {25, 1.25e-5, 1.2625e-5, 3.0e-7, 1.1e-5, 1.9e-5};
  m.bytes_per_second = 2.75e12;
  m.recorded_at = "2025-01-02T03:04:05Z";
  return m;
}

// Every field, the variant name and time of recording too.
void check_same(const Measurement& got, const Measurement& expected) {
  policytune::testing::check_same_result(got, expected);
  CHECK(got.variant == expected.variant);
  CHECK(got.recorded_at == expected.recorded_at);
}

// Runs SQL on a database file directly, bypassing ResultsDatabase.
void raw_sql(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) == SQLITE_OK);
  char* message = nullptr;
  const int code = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  const std::string text = message != nullptr ? message : "";
  sqlite3_free(message);
  sqlite3_close(db);
  INFO(text);
  REQUIRE(code == SQLITE_OK);
}

std::int64_t raw_count(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
  const std::int64_t value = sqlite3_column_int64(statement, 0);
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return value;
}

// Expects constructing a ResultsDatabase on `path` to throw a UserError naming the file whose
// message contains `needle`.
void expect_open_fails(const std::string& path, ResultsDatabase::Mode mode, const std::string& needle) {
  try {
    ResultsDatabase database(path, mode);
    FAIL("opening " << path << " did not throw");
  } catch (const UserError& error) {
    INFO(error.what());
    CHECK(error.file() == path);
    CHECK(error.line() == 0);
    CHECK_THAT(error.message(), Catch::Matchers::Contains(needle));
    CHECK_THAT(std::string(error.what()), Catch::Matchers::StartsWith(path + ": "));
  }
}

}  // namespace

TEST_CASE("ResultsDatabase round-trips every field of a measurement", "[database]") {
  TempDir dir("round-trip");
  const std::string path = dir.file("results.db");

  Measurement with_bandwidth = sample_measurement("ipt_13.tpb_256");

  Measurement without_bandwidth = sample_measurement("base");
  without_bandwidth.bytes_per_second = std::nullopt;
  without_bandwidth.status = Status::run_timeout;
  without_bandwidth.reason = "timed out after 60 s";
  without_bandwidth.statistics = {0, 0, 0, 0, 0, 0};

  Measurement other_device = sample_measurement("ipt_13.tpb_256");
  other_device.device = {"Host CPU", 16, 0, false, "", ""};
  other_device.toolkit = "GCC 12.2";
  other_device.status = Status::wrong_result;
  other_device.reason = "output differs at index 7";
  other_device.statistics = {3, 0.5, 0.6, 0.1, 0.4, 0.9};
  other_device.bytes_per_second = 0.0;  // zero is a value, not null

  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    CHECK(database.path() == path);
    CHECK(database.measurements().empty());
    database.record(with_bandwidth);
    database.record(without_bandwidth);
    database.record(other_device);
    const auto rows = database.measurements();
    REQUIRE(rows.size() == 3);
    check_same(rows[0], with_bandwidth);
  }
  REQUIRE(fs::exists(path));

  // Reopened from the file alone, in insertion order.
  ResultsDatabase reopened(path, ResultsDatabase::Mode::must_exist);
  const auto rows = reopened.measurements();
  REQUIRE(rows.size() == 3);
  SECTION("with bytes_per_second set") { check_same(rows[0], with_bandwidth); }
  SECTION("with bytes_per_second null") {
    check_same(rows[1], without_bandwidth);
    CHECK_FALSE(rows[1].bytes_per_second.has_value());
  }
  SECTION("on another device, with empty compute capability and driver") {
    check_same(rows[2], other_device);
    REQUIRE(rows[2].bytes_per_second.has_value());
    CHECK(*rows[2].bytes_per_second == 0.0);
    CHECK_FALSE(rows[2].device.ecc);
    CHECK(rows[0].device.ecc);
  }
  SECTION("a device is stored once however many measurements use it") {
    CHECK(raw_count(path, "SELECT count(*) FROM devices") == 2);
    CHECK(raw_count(path, "SELECT count(*) FROM measurements") == 3);
  }
}

TEST_CASE("ResultsDatabase stores each row of one batch on its own device, however they alternate", "[database]") {
  // A batch looks a device up once for the rows that follow on it (an import's million rows): a
  // row on another device, and a row on the first again, must each get their own.
  TempDir dir("devices-in-a-batch");
  const std::string path = dir.file("results.db");
  std::vector<Measurement> rows;
  for (const char* variant : {"a", "b", "c", "d", "e"}) rows.push_back(sample_measurement(variant));
  const DeviceIdentity host{"Host CPU", 16, 0, false, "", ""};
  rows[1].device = host;
  rows[2].device = host;
  rows[4].device = host;
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    database.record(rows);
  }
  ResultsDatabase reopened(path, ResultsDatabase::Mode::must_exist);
  const auto stored = reopened.measurements();
  REQUIRE(stored.size() == rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) check_same(stored[i], rows[i]);
  CHECK(raw_count(path, "SELECT count(*) FROM devices") == 2);
}

TEST_CASE("ResultsDatabase round-trips every status", "[database]") {
  TempDir dir("statuses");
  const std::string path = dir.file("results.db");
  const Status statuses[] = {Status::ok,          Status::build_failed, Status::build_timeout, Status::run_failed,
                             Status::run_timeout, Status::wrong_result, Status::skipped};
  ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
  std::vector<Measurement> batch;
  for (const Status status : statuses) {
    Measurement m = sample_measurement("v_" + std::string(policytune::to_string(status)));
    m.status = status;
    batch.push_back(m);
  }
  database.record(batch);
  const auto rows = database.measurements();
  REQUIRE(rows.size() == std::size(statuses));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    CHECK(rows[i].status == statuses[i]);
    CHECK(rows[i].variant == batch[i].variant);
  }
}

TEST_CASE("ResultsDatabase fills an empty recorded_at with the current UTC time", "[database]") {
  TempDir dir("timestamp");
  ResultsDatabase database(dir.file("results.db"), ResultsDatabase::Mode::create_if_missing);
  Measurement m = sample_measurement("ipt_1");
  m.recorded_at.clear();
  database.record(m);
  const auto rows = database.measurements();
  REQUIRE(rows.size() == 1);
  CHECK(std::regex_match(rows[0].recorded_at, std::regex(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)")));
}

TEST_CASE("ResultsDatabase replaces a measurement recorded again under the same key", "[database]") {
  TempDir dir("upsert");
  const std::string path = dir.file("results.db");
  ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);

  Measurement first = sample_measurement("ipt_13.tpb_256");
  database.record(first);
  database.record(sample_measurement("base"));

  Measurement again = first;
  again.status = Status::run_failed;
  again.reason = "cudaErrorLaunchFailure";
  again.statistics = {7, 2.0, 2.5, 0.25, 1.5, 3.5};
  again.bytes_per_second = std::nullopt;  // a replaced value may become null
  again.recorded_at = "2025-06-07T08:09:10Z";
  database.record(again);

  auto rows = database.measurements();
  REQUIRE(rows.size() == 2);
  // The replaced row keeps its place (insertion order is by the first insert).
  check_same(rows[0], again);
  CHECK(rows[1].variant == "base");

  // Recording the same key in one batch twice: the last one wins, still one row.
  Measurement third = first;
  third.statistics = policytune::testing::with_median(third.statistics, 9.0);
  database.record(std::vector<Measurement>{first, third});
  rows = database.measurements();
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].statistics.median == 9.0);
  CHECK(rows[0].bytes_per_second == first.bytes_per_second);
  CHECK(raw_count(path, "SELECT count(*) FROM measurements") == 2);

  SECTION("every key column keeps results apart") {
    std::vector<Measurement> distinct;
    auto add = [&](auto change) {
      Measurement m = sample_measurement("ipt_13.tpb_256");
      change(m);
      distinct.push_back(m);
    };
    add([](Measurement& m) { m.algorithm = "scan"; });
    add([](Measurement& m) { m.benchmark = "reduce.min"; });
    add([](Measurement& m) { m.device.name = "NVIDIA H100"; });
    add([](Measurement& m) { m.device.sm_count = 114; });
    add([](Measurement& m) { m.device.memory_bus_width = 5120; });
    add([](Measurement& m) { m.device.ecc = false; });
    add([](Measurement& m) { m.device.compute_capability = "10.0"; });
    add([](Measurement& m) { m.device.driver = "575.1"; });
    add([](Measurement& m) { m.toolkit = "CUDA 12.9"; });
    add([](Measurement& m) { m.library = "CCCL 3.1.0"; });
    add([](Measurement& m) { m.source_hash = "fedcba9876543210"; });
    add([](Measurement& m) { m.ct_workload = "T{ct}=F32,OffsetT{ct}=I64"; });
    add([](Measurement& m) { m.entry = "reduce_by_op"; });
    add([](Measurement& m) { m.rt_workload = "Elements{io}[pow2]=28"; });
    database.record(distinct);
    rows = database.measurements();
    CHECK(rows.size() == 2 + distinct.size());
    // And none of them replaced the original.
    CHECK(rows[0].statistics.median == 9.0);
    // Recording them all again adds nothing.
    database.record(distinct);
    CHECK(database.measurements().size() == 2 + distinct.size());
  }
  SECTION("non-key columns do not make a new row") {
    Measurement m = sample_measurement("ipt_13.tpb_256");
    m.reason = "different reason";
    m.recorded_at = "2026-11-01T00:00:00Z";
    m.status = Status::skipped;
    database.record(m);
    rows = database.measurements();
    REQUIRE(rows.size() == 2);
    check_same(rows[0], m);
  }
}

TEST_CASE("ResultsDatabase round-trips search space records and replaces by (benchmark, source hash)", "[database]") {
  TempDir dir("spaces");
  const std::string path = dir.file("results.db");
  const SearchSpaceRecord scan{"scan.exclusive.sum", "aaaa", "scan", "4000000000000000000000",
                               "T_ITEMS ipt 7:24:1\nT_THREADS tpb 128:1024:32\n"};
  const SearchSpaceRecord reduce{"reduce.sum", "bbbb", "reduce", "18", "T_ITEMS ipt 1:18:1\n"};
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    CHECK(database.search_spaces().empty());
    database.record(scan);
    database.record(reduce);
  }
  ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
  auto spaces = database.search_spaces();
  REQUIRE(spaces.size() == 2);
  // Ordered by benchmark name.
  CHECK(spaces[0].benchmark == reduce.benchmark);
  CHECK(spaces[0].source_hash == reduce.source_hash);
  CHECK(spaces[0].algorithm == reduce.algorithm);
  CHECK(spaces[0].size == reduce.size);
  CHECK(spaces[0].ranges == reduce.ranges);
  CHECK(spaces[1].benchmark == scan.benchmark);
  CHECK(spaces[1].source_hash == scan.source_hash);
  CHECK(spaces[1].algorithm == scan.algorithm);
  CHECK(spaces[1].size == scan.size);
  CHECK(spaces[1].ranges == scan.ranges);

  SearchSpaceRecord changed = reduce;
  changed.size = "36";
  changed.ranges = "T_ITEMS ipt 1:36:1\n";
  database.record(changed);
  spaces = database.search_spaces();
  REQUIRE(spaces.size() == 2);
  CHECK(spaces[0].size == "36");
  CHECK(spaces[0].ranges == changed.ranges);

  SearchSpaceRecord new_source = reduce;
  new_source.source_hash = "cccc";
  database.record(new_source);
  spaces = database.search_spaces();
  REQUIRE(spaces.size() == 3);
  CHECK(spaces[0].source_hash == "bbbb");
  CHECK(spaces[1].source_hash == "cccc");
  CHECK(spaces[1].size == "18");
}

TEST_CASE("ResultsDatabase keeps the runtime axes a search declared with its space", "[database]") {
  TempDir dir("runtime_axes");
  const std::string path = dir.file("results.db");
  SearchSpaceRecord reduce{"reduce.sum",
                           "bbbb",
                           "reduce",
                           "18",
                           "T_ITEMS ipt 1:18:1\n",
                           R"({"base":[{"axis":"Elements{io}[pow2]","values":["16","28"]}]})"};
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    database.record(reduce);
    // A record without axes (merged from a file written before they were kept) keeps them.
    SearchSpaceRecord without_axes = reduce;
    without_axes.runtime_axes.clear();
    without_axes.size = "36";
    database.record(without_axes);
  }
  ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
  const auto spaces = database.search_spaces();
  REQUIRE(spaces.size() == 1);
  CHECK(spaces[0].size == "36");
  CHECK(spaces[0].runtime_axes == reduce.runtime_axes);
}

TEST_CASE("A database written before runtime axes were kept reads, and gets the column when written", "[database]") {
  TempDir dir("old_spaces");
  const std::string path = dir.file("results.db");
  { ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing); }
  // The search_spaces table as version 1 first wrote it.
  raw_sql(path, "DROP TABLE search_spaces");
  raw_sql(path,
          "CREATE TABLE search_spaces (benchmark TEXT NOT NULL, source_hash TEXT NOT NULL, algorithm TEXT NOT NULL, "
          "size TEXT NOT NULL, ranges TEXT NOT NULL, PRIMARY KEY (benchmark, source_hash))");
  raw_sql(path, "INSERT INTO search_spaces VALUES ('reduce.sum', 'bbbb', 'reduce', '18', 'T_ITEMS ipt 1:18:1\n')");
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
    const auto spaces = database.search_spaces();
    REQUIRE(spaces.size() == 1);
    CHECK(spaces[0].ranges == "T_ITEMS ipt 1:18:1\n");
    CHECK(spaces[0].runtime_axes.empty());
  }
  CHECK(raw_count(path, "SELECT count(*) FROM pragma_table_info('search_spaces') WHERE name = 'runtime_axes'") == 0);
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
    SearchSpaceRecord space = database.search_spaces().at(0);
    space.runtime_axes = R"({"base":[]})";
    database.record(space);
  }
  CHECK(raw_count(path, "SELECT count(*) FROM pragma_table_info('search_spaces') WHERE name = 'runtime_axes'") == 1);
  CHECK(raw_count(path, "SELECT version FROM schema_version") == kResultsSchemaVersion);
  ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
  CHECK(database.search_spaces().at(0).runtime_axes == R"({"base":[]})");
}

TEST_CASE("ResultsDatabase keeps which rows a confirmation round re-measured", "[database][confirmation]") {
  TempDir dir("confirmed");
  const std::string path = dir.file("results.db");
  Measurement confirmed = sample_measurement("ipt_7");
  confirmed.confirmed_rounds = 3;
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    database.record(sample_measurement("base"));
    database.record(confirmed);
  }
  ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
  const auto rows = database.measurements();
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].confirmed_rounds == 0);
  CHECK(rows[1].confirmed_rounds == 3);
  // Measured again by a search (--force): the row is measured once again.
  {
    ResultsDatabase writable(path, ResultsDatabase::Mode::must_exist);
    writable.record(sample_measurement("ipt_7"));
    CHECK(writable.measurements()[1].confirmed_rounds == 0);
  }
}

TEST_CASE("A database written before confirmation rounds reads as measured once, and gets the column when written",
          "[database][confirmation]") {
  TempDir dir("old_measurements");
  const std::string path = dir.file("results.db");
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    database.record(sample_measurement("base"));
  }
  // The measurements table as version 1 first wrote it: without confirmed_rounds.
  raw_sql(path, "ALTER TABLE measurements DROP COLUMN confirmed_rounds");
  CHECK(raw_count(path, "SELECT count(*) FROM pragma_table_info('measurements') WHERE name = 'confirmed_rounds'") == 0);
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
    const auto rows = database.measurements();
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].variant == "base");
    CHECK(rows[0].confirmed_rounds == 0);
  }
  CHECK(raw_count(path, "SELECT count(*) FROM pragma_table_info('measurements') WHERE name = 'confirmed_rounds'") == 0);
  {
    Measurement confirmed = sample_measurement("ipt_7");
    confirmed.confirmed_rounds = 2;
    ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
    database.record(confirmed);
  }
  CHECK(raw_count(path, "SELECT count(*) FROM pragma_table_info('measurements') WHERE name = 'confirmed_rounds'") == 1);
  CHECK(raw_count(path, "SELECT version FROM schema_version") == kResultsSchemaVersion);
  ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
  const auto rows = database.measurements();
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].confirmed_rounds == 0);
  CHECK(rows[1].confirmed_rounds == 2);
}

TEST_CASE("ResultsDatabase writes its schema version and refuses other versions", "[database]") {
  TempDir dir("schema");
  const std::string path = dir.file("results.db");
  { ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing); }
  CHECK(raw_count(path, "SELECT version FROM schema_version") == kResultsSchemaVersion);
  CHECK(raw_count(path, "SELECT count(*) FROM schema_version") == 1);
  // Reopening a database of the right version works, and does not add a second version row.
  { ResultsDatabase database(path, ResultsDatabase::Mode::must_exist); }
  { ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing); }
  CHECK(raw_count(path, "SELECT count(*) FROM schema_version") == 1);

  SECTION("another version") {
    raw_sql(path, "UPDATE schema_version SET version = 99");
    expect_open_fails(path, ResultsDatabase::Mode::must_exist, "schema version 99");
    expect_open_fails(path, ResultsDatabase::Mode::create_if_missing, "schema version 99");
  }
  SECTION("an empty schema_version table") {
    raw_sql(path, "DELETE FROM schema_version");
    expect_open_fails(path, ResultsDatabase::Mode::must_exist, "not a PolicyTune database");
  }
}

TEST_CASE("ResultsDatabase refuses what is not a PolicyTune database", "[database]") {
  TempDir dir("refuse");

  SECTION("a missing file with must_exist") {
    const std::string path = dir.file("missing.db");
    expect_open_fails(path, ResultsDatabase::Mode::must_exist, "no such database");
    CHECK_FALSE(fs::exists(path));  // and it was not created
  }
  SECTION("a folder that cannot be created") {
    const std::string blocker = dir.file("plain-file");
    std::ofstream(blocker) << "not a folder";
    CHECK_THROWS_AS(ResultsDatabase(blocker + "/sub/results.db", ResultsDatabase::Mode::create_if_missing), UserError);
  }
  SECTION("a missing folder with must_exist") {
    CHECK_THROWS_AS(ResultsDatabase(dir.file("no/such/results.db"), ResultsDatabase::Mode::must_exist), UserError);
  }
  SECTION("a directory") { expect_open_fails(dir.file(""), ResultsDatabase::Mode::create_if_missing, "directory"); }
  SECTION("a file with the SQLite magic followed by random bytes") {
    const std::string path = dir.file("corrupt.db");
    std::string bytes("SQLite format 3\0", 16);
    std::mt19937 random(20250101);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int i = 0; i < 8192; ++i) bytes.push_back(static_cast<char>(byte(random)));
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    expect_open_fails(path, ResultsDatabase::Mode::must_exist, "not a PolicyTune database");
    expect_open_fails(path, ResultsDatabase::Mode::create_if_missing, "not a PolicyTune database");
  }
  SECTION("a schema format number no SQLite knows (found by fuzzing: it was an internal error)") {
    const std::string path = dir.file("future-format.db");
    {
      ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
      database.record(sample_measurement("base"));
    }
    raw_sql(path, "PRAGMA journal_mode = DELETE");
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(44);  // the schema format number, big-endian; SQLite knows 1 to 4
    file.write("\0\0\0\x07", 4);
    file.close();
    expect_open_fails(path, ResultsDatabase::Mode::read_only, "not a PolicyTune database");
    expect_open_fails(path, ResultsDatabase::Mode::must_exist, "not a PolicyTune database");
  }
  SECTION("a record that claims a string larger than SQLite allows (found by fuzzing: it was an internal error)") {
    const std::string path = dir.file("too_big_record.db");
    fs::copy_file(POLICYTUNE_TEST_DATA "/databases/too_big_record.db", path);
    try {
      ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
      (void)database.measurements();
      FAIL("the damaged record was read");
    } catch (const UserError& error) {
      CHECK(error.file() == path);
      CHECK_THAT(error.message(), Catch::Matchers::Contains("not a PolicyTune database") &&
                                      Catch::Matchers::Contains("string or blob too big"));
    }
  }
  SECTION("the corrupt fixture") {
    const std::string path = dir.file("corrupt.db");
    fs::copy_file(POLICYTUNE_TEST_DATA "/databases/corrupt.db", path);
    expect_open_fails(path, ResultsDatabase::Mode::must_exist, "not a PolicyTune database");
  }
  SECTION("a text file") {
    const std::string path = dir.file("notes.txt");
    std::ofstream(path) << "these are my notes, not a database\nsecond line of text, long enough to matter\n"
                        << std::string(1000, 'x');
    expect_open_fails(path, ResultsDatabase::Mode::must_exist, "not a PolicyTune database");
  }
  SECTION("an SQLite database with other tables and no schema_version") {
    const std::string path = dir.file("other.db");
    raw_sql(path, "CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('ada');");
    expect_open_fails(path, ResultsDatabase::Mode::must_exist, "schema_version");
    expect_open_fails(path, ResultsDatabase::Mode::create_if_missing, "not a PolicyTune database");
    // The foreign database is left as it was.
    CHECK(raw_count(path, "SELECT count(*) FROM people") == 1);
    CHECK(raw_count(path, "SELECT count(*) FROM sqlite_master WHERE type = 'table'") == 1);
  }
  SECTION("an empty file becomes a new database") {
    const std::string path = dir.file("empty.db");
    std::ofstream{path};
    REQUIRE(fs::exists(path));
    ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
    database.record(sample_measurement("base"));
    CHECK(database.measurements().size() == 1);
  }
}

namespace {

// `writer`'s `count` distinct measurements, recorded one transaction each.
void record_distinct(ResultsDatabase& database, int writer, int count) {
  for (int i = 0; i < count; ++i) {
    Measurement m = sample_measurement("writer_" + std::to_string(writer) + ".item_" + std::to_string(i));
    m.statistics = policytune::testing::with_median(m.statistics, writer * 1000 + i + 1);
    database.record(m);
  }
}

// `writers` threads, each with its own connection opened in `mode`, each recording `per_writer`
// distinct rows; returns what they threw.
std::vector<std::string> run_writers(const std::string& path, ResultsDatabase::Mode mode, int writers, int per_writer) {
  std::mutex mutex;
  std::vector<std::string> errors;
  std::vector<std::thread> threads;
  for (int writer = 0; writer < writers; ++writer) {
    threads.emplace_back([&, writer] {
      try {
        ResultsDatabase database(path, mode);
        record_distinct(database, writer, per_writer);
      } catch (const std::exception& error) {
        std::lock_guard lock(mutex);
        errors.push_back(error.what());
      }
    });
  }
  for (auto& thread : threads) thread.join();
  return errors;
}

void check_all_written(const std::string& path, int writers, int per_writer) {
  ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
  const auto rows = database.measurements();
  CHECK(rows.size() == static_cast<std::size_t>(writers * per_writer));
  std::set<std::string> variants;
  for (const auto& row : rows) variants.insert(row.variant);
  CHECK(variants.size() == static_cast<std::size_t>(writers * per_writer));
  for (int writer = 0; writer < writers; ++writer) {
    for (int i = 0; i < per_writer; ++i) {
      const std::string variant = "writer_" + std::to_string(writer) + ".item_" + std::to_string(i);
      const auto found =
          std::find_if(rows.begin(), rows.end(), [&](const auto& row) { return row.variant == variant; });
      INFO(variant);
      REQUIRE(found != rows.end());
      CHECK(found->statistics.median == writer * 1000 + i + 1);
    }
  }
}

}  // namespace

TEST_CASE("ResultsDatabase: concurrent writers in threads, each with its own connection", "[database]") {
  TempDir dir("threads");
  const std::string path = dir.file("results.db");
  constexpr int kWriters = 4;
  constexpr int kPerWriter = 50;
  { ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing); }

  const auto errors = run_writers(path, ResultsDatabase::Mode::must_exist, kWriters, kPerWriter);
  for (const auto& error : errors) UNSCOPED_INFO(error);
  REQUIRE(errors.empty());
  check_all_written(path, kWriters, kPerWriter);
  CHECK(raw_count(path, "SELECT count(*) FROM schema_version") == 1);
  CHECK(raw_count(path, "SELECT count(*) FROM devices") == 1);
}

TEST_CASE("ResultsDatabase: concurrent writers in separate processes", "[database]") {
  TempDir dir("processes");
  const std::string path = dir.file("results.db");
  constexpr int kWriters = 2;
  constexpr int kPerWriter = 100;
  { ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing); }

  // No connection is open in this process while it forks: each child opens its own.
  std::vector<pid_t> children;
  for (int writer = 0; writer < kWriters; ++writer) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      int code = 0;
      try {
        ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
        record_distinct(database, writer, kPerWriter);
      } catch (const std::exception& error) {
        std::fprintf(stderr, "writer %d failed: %s\n", writer, error.what());
        code = 1;
      } catch (...) {
        code = 1;
      }
      ::_exit(code);  // never return into Catch in the child
    }
    children.push_back(child);
  }
  for (const pid_t child : children) {
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
  check_all_written(path, kWriters, kPerWriter);
  CHECK(raw_count(path, "SELECT count(*) FROM schema_version") == 1);
}

TEST_CASE("ResultsDatabase: writers that create a new database at the same moment all succeed", "[database]") {
  // Several lanes or searches started together on a results file that does not exist yet. Each
  // round is a race on a fresh file; a lost race shows as "database is locked".
  constexpr int kRounds = 60;
  constexpr int kWriters = 4;
  constexpr int kPerWriter = 5;
  TempDir dir("create-race");
  for (int round = 0; round < kRounds; ++round) {
    const std::string path = dir.file("results-" + std::to_string(round) + ".db");
    const auto errors = run_writers(path, ResultsDatabase::Mode::create_if_missing, kWriters, kPerWriter);
    INFO("round " << round);
    for (const auto& error : errors) UNSCOPED_INFO(error);
    REQUIRE(errors.empty());
    check_all_written(path, kWriters, kPerWriter);
    REQUIRE(raw_count(path, "SELECT count(*) FROM schema_version") == 1);
  }
}

TEST_CASE("ResultsDatabase creates the folder of a new database", "[database]") {
  const auto root = fs::temp_directory_path() / ("policytune-db-folder-" + std::to_string(::getpid()));
  const std::string path = (root / "a" / "b" / "results.db").string();
  { ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing); }
  CHECK(fs::exists(path));
  fs::remove_all(root);
}

TEST_CASE("source versions: rows and newest measurement per benchmark source, removed in one go", "[database][prune]") {
  TempDir dir("db-versions");
  const std::string path = dir.file("results.db");
  ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
  // reduce.sum measured from two sources (a comment edited in between), scan.exclusive.sum from one.
  std::vector<Measurement> rows;
  for (const std::string variant : {"base", "ipt_7", "ipt_8"}) {
    Measurement old = sample_measurement(variant);
    old.source_hash = "00000000000000aa";
    old.recorded_at = variant == "ipt_8" ? "2025-01-02T05:00:00Z" : "2025-01-02T03:04:05Z";
    rows.push_back(old);
    Measurement now = sample_measurement(variant);
    now.source_hash = "00000000000000bb";
    now.recorded_at = "2025-02-01T00:00:00Z";
    rows.push_back(now);
  }
  Measurement scan = sample_measurement("base");
  scan.benchmark = "scan.exclusive.sum";
  rows.push_back(scan);
  database.record(rows);
  database.record(SearchSpaceRecord{"reduce.sum", "00000000000000aa", "reduce", "18", "T_ITEMS ipt 1:18:1\n"});
  database.record(SearchSpaceRecord{"reduce.sum", "00000000000000bb", "reduce", "18", "T_ITEMS ipt 1:18:1\n"});

  using policytune::SourceVersion;
  CHECK(database.source_versions() ==
        std::vector<SourceVersion>{{"reduce.sum", "00000000000000bb", 3, "2025-02-01T00:00:00Z"},
                                   {"reduce.sum", "00000000000000aa", 3, "2025-01-02T05:00:00Z"},
                                   {"scan.exclusive.sum", "0123456789abcdef", 1, "2025-01-02T03:04:05Z"}});

  CHECK(database.remove_source_versions({{"reduce.sum", "00000000000000aa"}, {"reduce.sum", "no-such-hash"}}) ==
        std::vector<std::size_t>{3, 0});
  CHECK(database.source_versions() ==
        std::vector<SourceVersion>{{"reduce.sum", "00000000000000bb", 3, "2025-02-01T00:00:00Z"},
                                   {"scan.exclusive.sum", "0123456789abcdef", 1, "2025-01-02T03:04:05Z"}});
  for (const auto& row : database.measurements()) CHECK(row.source_hash != "00000000000000aa");
  const auto spaces = database.search_spaces();
  REQUIRE(spaces.size() == 1);
  CHECK(spaces.front().source_hash == "00000000000000bb");
}

namespace {

// A database in rollback-journal mode (as SQLite writes it by default, and as shipped databases
// often are) with one measurement: opening it for writing would switch its header to WAL mode.
std::string rollback_journal_database(const TempDir& dir, const std::string& name) {
  const std::string path = dir.file(name);
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    database.record(sample_measurement("base"));
  }
  raw_sql(path, "PRAGMA journal_mode = DELETE");
  return path;
}

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Root ignores file permissions: a permission test proves nothing there.
bool permissions_apply() { return ::geteuid() != 0; }

// Makes `path` read-only for the test's duration, writable again afterwards (so it can be removed).
struct ReadOnly {
  fs::path path;
  fs::perms before;
  explicit ReadOnly(fs::path target) : path(std::move(target)), before(fs::status(path).permissions()) {
    fs::permissions(path, fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                    fs::perm_options::remove);
  }
  ~ReadOnly() { fs::permissions(path, before); }
};

}  // namespace

TEST_CASE("ResultsDatabase opened read-only writes nothing: same bytes, same time, no WAL switch",
          "[database][readonly]") {
  TempDir dir("readonly-bytes");
  const std::string path = rollback_journal_database(dir, "shipped.db");
  const std::string bytes = bytes_of(path);
  const auto modified = fs::last_write_time(path);
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
    CHECK(database.measurements().size() == 1);
    CHECK(database.search_spaces().empty());
    CHECK(database.source_versions().size() == 1);
  }
  CHECK(bytes_of(path) == bytes);
  CHECK(fs::last_write_time(path) == modified);
  CHECK(raw_count(path, "SELECT count(*) FROM pragma_journal_mode WHERE journal_mode = 'delete'") == 1);
  CHECK_FALSE(fs::exists(path + "-wal"));
}

TEST_CASE("ResultsDatabase opened read-only does not give an empty file a schema", "[database][readonly]") {
  TempDir dir("readonly-empty");
  const std::string path = dir.write("empty.db", "");
  ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
  CHECK(database.measurements().empty());
  CHECK(database.source_versions().empty());
  CHECK(fs::file_size(path) == 0);
  CHECK_THROWS_AS(database.record(sample_measurement("base")), std::logic_error);
}

TEST_CASE("ResultsDatabase opened read-only still refuses a missing file or another schema", "[database][readonly]") {
  TempDir dir("readonly-refuse");
  expect_open_fails(dir.file("missing.db"), ResultsDatabase::Mode::read_only, "no such database");
  CHECK_FALSE(fs::exists(dir.file("missing.db")));
  const std::string path = rollback_journal_database(dir, "old.db");
  raw_sql(path, "UPDATE schema_version SET version = 99");
  expect_open_fails(path, ResultsDatabase::Mode::read_only, "schema version 99");
}

TEST_CASE("ResultsDatabase reads a write-protected database and refuses to write it with an EnvironmentError",
          "[database][readonly]") {
  if (!permissions_apply()) {
    WARN("skipped: running as root, which ignores file permissions");
    return;
  }
  TempDir dir("readonly-file");
  for (const bool wal : {false, true}) {
    DYNAMIC_SECTION((wal ? "WAL mode" : "rollback journal")) {
      const std::string path = rollback_journal_database(dir, wal ? "wal.db" : "journal.db");
      if (wal) raw_sql(path, "PRAGMA journal_mode = WAL");
      const std::string bytes = bytes_of(path);
      SECTION("a read-only file") {
        ReadOnly file(path);
        CHECK(ResultsDatabase(path, ResultsDatabase::Mode::read_only).measurements().size() == 1);
        CHECK_THROWS_AS(ResultsDatabase(path, ResultsDatabase::Mode::must_exist), policytune::EnvironmentError);
      }
      SECTION("a file in a read-only folder") {
        ReadOnly folder(dir.path());
        CHECK(ResultsDatabase(path, ResultsDatabase::Mode::read_only).measurements().size() == 1);
        try {
          ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
          FAIL("opened for writing");
        } catch (const policytune::EnvironmentError& error) {
          CHECK_THAT(std::string(error.what()), Catch::Matchers::Contains("read-only database"));
        }
      }
      CHECK(bytes_of(path) == bytes);
    }
  }
}

TEST_CASE("ResultsDatabase reads a WAL database in a read-only folder with and without its -wal and -shm files",
          "[database][readonly]") {
  if (!permissions_apply()) {
    WARN("skipped: running as root, which ignores file permissions");
    return;
  }
  TempDir dir("readonly-wal");
  const std::string path = rollback_journal_database(dir, "wal.db");
  raw_sql(path, "PRAGMA journal_mode = WAL");
  SECTION("without them: read as immutable") {
    REQUIRE_FALSE(fs::exists(path + "-wal"));
    ReadOnly folder(dir.path());
    CHECK(ResultsDatabase(path, ResultsDatabase::Mode::read_only).measurements().size() == 1);
  }
  SECTION("with them, as a writer left them open") {
    // A connection that stays open keeps -wal and -shm beside the file, with a row only the log holds.
    sqlite3* writer = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &writer, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_exec(writer, "SELECT count(*) FROM measurements", nullptr, nullptr, nullptr) == SQLITE_OK);
    {
      ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
      database.record(sample_measurement("unroll_2"));
    }
    REQUIRE(fs::exists(path + "-wal"));
    REQUIRE(fs::exists(path + "-shm"));
    {
      ReadOnly folder(dir.path());
      ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
      CHECK(database.measurements().size() == 2);  // the log's row too
    }
    sqlite3_close(writer);
  }
}

namespace {

std::string journal_mode_of(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &statement, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
  const std::string mode = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return mode;
}

}  // namespace

TEST_CASE("a database that kept a rollback journal gets it back at close; a new one keeps the log",
          "[database][journal]") {
  TempDir dir("journal");
  const std::string path = dir.file("shipped.db");
  {
    ResultsDatabase db(path, ResultsDatabase::Mode::create_if_missing);
    db.record(sample_measurement("a"));
  }
  CHECK(journal_mode_of(path) == "wal");  // what a new file keeps: several writers may share it
  raw_sql(path, "PRAGMA journal_mode = DELETE");
  {
    ResultsDatabase db(path, ResultsDatabase::Mode::must_exist);
    db.record(sample_measurement("b"));
    CHECK(journal_mode_of(path) == "wal");  // while it writes
  }
  CHECK(journal_mode_of(path) == "delete");
  CHECK_FALSE(std::filesystem::exists(path + "-wal"));
  CHECK_FALSE(std::filesystem::exists(path + "-shm"));
  CHECK(ResultsDatabase(path, ResultsDatabase::Mode::read_only).measurements().size() == 2);
}

TEST_CASE("a database another connection holds at close stays in WAL mode, whole", "[database][journal]") {
  TempDir dir("journal-busy");
  const std::string path = dir.file("shared.db");
  { ResultsDatabase(path, ResultsDatabase::Mode::create_if_missing).record(sample_measurement("a")); }
  raw_sql(path, "PRAGMA journal_mode = DELETE");
  sqlite3* reader = nullptr;
  {
    ResultsDatabase db(path, ResultsDatabase::Mode::must_exist);
    db.record(sample_measurement("b"));
    REQUIRE(sqlite3_open_v2(path.c_str(), &reader, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_exec(reader, "SELECT count(*) FROM measurements", nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  CHECK(journal_mode_of(path) == "wal");
  sqlite3_close(reader);
  CHECK(ResultsDatabase(path, ResultsDatabase::Mode::read_only).measurements().size() == 2);
}

TEST_CASE("ResultsDatabase refuses a row that is no measurement, and stores nothing of its batch",
          "[database][validation]") {
  TempDir dir("refuse-rows");
  const std::string path = dir.file("results.db");
  ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
  const Measurement good = sample_measurement("base");
  database.record(good);

  const auto expect_refused = [&](Measurement bad, const std::string& needle) {
    bad.variant = "ipt_8";
    Measurement replacing = good;  // the same key as the stored row, dated later
    replacing.statistics.median *= 1.01;
    replacing.recorded_at = "2025-06-01T00:00:00Z";
    try {
      database.record(std::vector<SearchSpaceRecord>{{"reduce.sum", "0123456789abcdef", "reduce", "2", "r\n", ""}},
                      std::vector<Measurement>{replacing, bad});
      FAIL("a row with " << needle << " was stored");
    } catch (const UserError& error) {
      CHECK(error.file() == path);
      CHECK_THAT(error.message(), Catch::Matchers::Contains(needle) && Catch::Matchers::Contains("ipt_8"));
    }
    // Neither the good row of the batch nor its search space was written.
    const auto rows = database.measurements();
    REQUIRE(rows.size() == 1);
    check_same(rows.front(), good);
    CHECK(database.search_spaces().empty());
  };
  Measurement bad = good;
  SECTION("a NaN median") {
    bad.statistics.median = std::nan("");
    expect_refused(bad, "median of nan");
  }
  SECTION("a negative median") {
    bad.statistics.median = -1;
    expect_refused(bad, "median of -1");
  }
  SECTION("a median below its own minimum") {
    bad.statistics.median = bad.statistics.min / 2;
    expect_refused(bad, "inconsistent samples");
  }
  SECTION("a date in the future") {
    bad.recorded_at = "2099-01-01T00:00:00Z";
    expect_refused(bad, "future");
  }
  SECTION("a date that is not one") {
    bad.recorded_at = "01/02/2025";
    expect_refused(bad, "not a UTC timestamp");
  }
  SECTION("an infinite bandwidth") {
    bad.bytes_per_second = std::numeric_limits<double>::infinity();
    expect_refused(bad, "bandwidth");
  }
}

TEST_CASE("ResultsDatabase reads a damaged row as an error naming it, never as a number it is not",
          "[database][validation]") {
  TempDir dir("damaged-rows");
  const std::string path = dir.file("results.db");
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    database.record(std::vector<Measurement>{sample_measurement("base"), sample_measurement("ipt_8")});
  }
  const auto expect_damaged = [&](const char* sql, const std::string& needle) {
    raw_sql(path, sql);
    for (const auto mode : {ResultsDatabase::Mode::read_only, ResultsDatabase::Mode::must_exist}) {
      ResultsDatabase database(path, mode);
      try {
        database.measurements();
        FAIL("a damaged row was read: " << sql);
      } catch (const UserError& error) {
        CHECK(error.file() == path);
        CHECK_THAT(error.message(), Catch::Matchers::Contains("damaged database: measurement row 2") &&
                                        Catch::Matchers::Contains(needle));
      }
    }
  };
  // Text SQLite cannot read as a number stays text in a REAL column, and reads as 0.0.
  SECTION("a median stored as the text 'NaN'") {
    expect_damaged("UPDATE measurements SET median = 'NaN' WHERE id = 2", "median 'NaN', not a number");
  }
  SECTION("a sample count stored as text") {
    expect_damaged("UPDATE measurements SET sample_count = 'many' WHERE id = 2", "sample_count 'many'");
  }
  SECTION("a bandwidth stored as text") {
    expect_damaged("UPDATE measurements SET bytes_per_second = 'fast' WHERE id = 2", "bytes_per_second 'fast'");
  }
  SECTION("a negative median") { expect_damaged("UPDATE measurements SET median = -1 WHERE id = 2", "median of -1"); }
  SECTION("an unparseable date") {
    expect_damaged("UPDATE measurements SET recorded_at = 'last tuesday' WHERE id = 2", "last tuesday");
  }
  SECTION("a device id the devices table lacks (the row would vanish from a join)") {
    expect_damaged("PRAGMA foreign_keys = OFF; UPDATE measurements SET device_id = 99 WHERE id = 2", "names device 99");
  }
  SECTION("a status the schema's check would refuse, written without it") {
    expect_damaged("PRAGMA ignore_check_constraints = ON; UPDATE measurements SET status = 'great' WHERE id = 2",
                   "status 'great'");
  }
}

TEST_CASE("ResultsDatabase reads a search space size that is no count as an error naming the space",
          "[database][validation]") {
  TempDir dir("damaged-spaces");
  const std::string path = dir.file("results.db");
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    database.record(SearchSpaceRecord{"reduce.sum", "bbbb", "reduce", "18", "T_ITEMS ipt 1:18:1\n"});
  }
  // analyze --coverage and report read the size as a number: text was an internal error, and
  // 300,000 digits a parse of minutes.
  for (const std::string& size : std::vector<std::string>{"abc", "", "-4", "018", "1e9", std::string(300000, '9')}) {
    INFO(size.substr(0, 30));
    raw_sql(path, ("UPDATE search_spaces SET size = '" + size + "'").c_str());
    ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
    try {
      database.search_spaces();
      FAIL("a damaged size was read");
    } catch (const UserError& error) {
      CHECK(error.file() == path);
      CHECK_THAT(error.message(), Catch::Matchers::StartsWith("search space of reduce.sum (source bbbb): size '") &&
                                      Catch::Matchers::EndsWith("' is not a count of variants"));
      CHECK(error.message().size() < 120);
    }
  }
  raw_sql(path, "UPDATE search_spaces SET size = '0'");
  CHECK(ResultsDatabase(path, ResultsDatabase::Mode::read_only).search_spaces().at(0).size == "0");
}

TEST_CASE("ResultsDatabase refuses a foreign layout under schema version 1 by name, for reading and for writing",
          "[database][validation]") {
  TempDir dir("foreign-schema");
  const auto expect_foreign = [&](const std::string& sql, const std::string& needle) {
    const std::string path = dir.file("foreign.db");
    fs::remove(path);
    {
      ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
      database.record(sample_measurement("base"));
    }
    raw_sql(path, sql.c_str());
    INFO(sql);
    for (const auto mode : {ResultsDatabase::Mode::read_only, ResultsDatabase::Mode::must_exist}) {
      expect_open_fails(path, mode, "not a PolicyTune database of schema version 1: " + needle);
    }
  };
  SECTION("a table dropped") {
    expect_foreign("DROP TABLE search_spaces", "it has no search_spaces table");
    expect_foreign("PRAGMA foreign_keys = OFF; DROP TABLE devices", "it has no devices table");
  }
  SECTION("a column missing") {
    expect_foreign("PRAGMA foreign_keys = OFF; ALTER TABLE measurements DROP COLUMN reason",
                   "its measurements table has no column reason");
  }
  SECTION("two version rows") {
    expect_foreign("INSERT INTO schema_version VALUES (1)", "schema_version holds 2 rows, not one");
  }
  SECTION("the unique key the upserts need, gone") {
    expect_foreign(
        "CREATE TABLE copied AS SELECT * FROM measurements; DROP TABLE measurements; "
        "ALTER TABLE copied RENAME TO measurements",
        "its measurements table lacks the unique key");
    expect_foreign(
        "CREATE TABLE copied AS SELECT * FROM search_spaces; DROP TABLE search_spaces; "
        "ALTER TABLE copied RENAME TO search_spaces",
        "its search_spaces table lacks the key (benchmark, source_hash)");
  }
  SECTION("a column policytune cannot fill") {
    expect_foreign(
        "CREATE TABLE copied (benchmark TEXT NOT NULL, source_hash TEXT NOT NULL, algorithm TEXT NOT NULL, "
        "size TEXT NOT NULL, ranges TEXT NOT NULL, runtime_axes TEXT NOT NULL DEFAULT '', owner TEXT NOT "
        "NULL, PRIMARY KEY (benchmark, source_hash)); DROP TABLE search_spaces; "
        "ALTER TABLE copied RENAME TO search_spaces",
        "its search_spaces table has a column owner that policytune cannot fill");
  }
  SECTION("an extra column with a default is someone's addition, and harmless") {
    const std::string path = dir.file("extended.db");
    {
      ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
      database.record(sample_measurement("base"));
    }
    raw_sql(path.c_str(), "ALTER TABLE measurements ADD COLUMN note TEXT NOT NULL DEFAULT ''");
    ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
    database.record(sample_measurement("ipt_8"));
    CHECK(database.measurements().size() == 2);
  }
}
