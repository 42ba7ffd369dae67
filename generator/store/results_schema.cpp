#include "store/results_schema.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "core/user_error.hpp"
#include "store/measurement_key.hpp"

namespace policytune {
namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE devices (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sm_count INTEGER NOT NULL,
  memory_bus_width INTEGER NOT NULL,
  ecc INTEGER NOT NULL,
  compute_capability TEXT NOT NULL,
  driver TEXT NOT NULL,
  UNIQUE (name, sm_count, memory_bus_width, ecc, compute_capability, driver)
);
CREATE TABLE search_spaces (
  benchmark TEXT NOT NULL,
  source_hash TEXT NOT NULL,
  algorithm TEXT NOT NULL,
  size TEXT NOT NULL,
  ranges TEXT NOT NULL,
  runtime_axes TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (benchmark, source_hash)
);
CREATE TABLE measurements (
  id INTEGER PRIMARY KEY,
  algorithm TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  device_id INTEGER NOT NULL REFERENCES devices (id),
  toolkit TEXT NOT NULL,
  library TEXT NOT NULL,
  source_hash TEXT NOT NULL,
  ct_workload TEXT NOT NULL,
  variant TEXT NOT NULL,
  entry TEXT NOT NULL,
  rt_workload TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ok', 'build_failed', 'build_timeout', 'run_failed',
                                         'run_timeout', 'wrong_result', 'skipped')),
  reason TEXT NOT NULL,
  sample_count INTEGER NOT NULL,
  median REAL NOT NULL,
  mean REAL NOT NULL,
  stddev REAL NOT NULL,
  min REAL NOT NULL,
  max REAL NOT NULL,
  bytes_per_second REAL,
  recorded_at TEXT NOT NULL,
  confirmed_rounds INTEGER NOT NULL DEFAULT 0,
  UNIQUE ({key})
);
)sql";

// The tables and columns this policytune reads and writes (confirmed_rounds and runtime_axes
// came later within version 1: a file may lack them, and gets them when written).
const std::vector<std::pair<std::string, std::vector<std::string>>>& required_columns() {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> tables{
      {"schema_version", {"version"}},
      {"devices", {"id", "name", "sm_count", "memory_bus_width", "ecc", "compute_capability", "driver"}},
      {"search_spaces", {"benchmark", "source_hash", "algorithm", "size", "ranges"}},
      {"measurements",
       {"id",          "algorithm", "benchmark", "device_id",   "toolkit", "library",          "source_hash",
        "ct_workload", "variant",   "entry",     "rt_workload", "status",  "reason",           "sample_count",
        "median",      "mean",      "stddev",    "min",         "max",     "bytes_per_second", "recorded_at"}}};
  return tables;
}

// The columns of a unique index (or primary key) of `table`, one set per index.
std::vector<std::set<std::string>> unique_keys(SqliteConnection& connection, const std::string& table) {
  std::vector<std::set<std::string>> keys;
  auto indexes = connection.prepare(("PRAGMA index_list(\"" + table + "\")").c_str());
  while (indexes.step()) {
    if (indexes.integer(2) == 0) continue;  // not unique
    std::set<std::string> columns;
    auto info = connection.prepare(("PRAGMA index_info(\"" + indexes.text(1) + "\")").c_str());
    while (info.step()) columns.insert(info.text(2));
    keys.push_back(std::move(columns));
  }
  return keys;
}

// What makes a file with a schema_version table no PolicyTune database of this version's layout:
// a table or column missing, a column it cannot fill (NOT NULL without a default), a key the
// upserts need gone, more than one version row. nullopt when it is one.
std::optional<std::string> schema_problem(SqliteConnection& connection) {
  for (const auto& [table, columns] : required_columns()) {
    std::map<std::string, bool> present;  // column -> NOT NULL without a default
    auto info = connection.prepare(("PRAGMA table_info(\"" + table + "\")").c_str());
    while (info.step()) present[info.text(1)] = info.integer(3) != 0 && info.is_null(4) && info.integer(5) == 0;
    if (present.empty()) return "it has no " + table + " table";
    for (const auto& column : columns) {
      if (present.count(column) == 0) return "its " + table + " table has no column " + column;
    }
    for (const auto& [column, must_be_given] : present) {
      const bool ours = std::find(columns.begin(), columns.end(), column) != columns.end() ||
                        column == "confirmed_rounds" || column == "runtime_axes";
      if (!ours && must_be_given) {
        return "its " + table + " table has a column " + column + " that policytune cannot fill (NOT NULL, no default)";
      }
    }
  }
  const auto has_key = [&](const std::string& table, const std::set<std::string>& key) {
    const auto keys = unique_keys(connection, table);
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  };
  std::set<std::string> measurement_key_columns;
  for (const auto column : kMeasurementKeyColumns) measurement_key_columns.emplace(column);
  if (!has_key("measurements", measurement_key_columns)) {
    return "its measurements table lacks the unique key over " + measurement_key_column_list();
  }
  if (!has_key("search_spaces", {"benchmark", "source_hash"})) {
    return "its search_spaces table lacks the key (benchmark, source_hash)";
  }
  auto versions = connection.prepare("SELECT count(*) FROM schema_version");
  versions.step();
  if (versions.integer(0) != 1) return "schema_version holds " + std::to_string(versions.integer(0)) + " rows, not one";
  return std::nullopt;
}

}  // namespace

std::string with_measurement_key(std::string sql) {
  const std::string placeholder = "{key}";
  sql.replace(sql.find(placeholder), placeholder.size(), measurement_key_column_list());
  return sql;
}

void create_results_schema(SqliteConnection& connection) {
  connection.execute(with_measurement_key(kSchema).c_str());
  auto insert = connection.prepare("INSERT INTO schema_version (version) VALUES (?1)");
  insert.bind(1, std::int64_t{kResultsSchemaVersion}).run();
}

bool check_results_schema(SqliteConnection& connection, const std::string& path) {
  auto count_tables = connection.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'");
  count_tables.step();
  const std::int64_t tables = count_tables.integer(0);
  count_tables.reset();
  if (tables == 0) return false;
  auto has_version =
      connection.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'");
  has_version.step();
  if (has_version.integer(0) == 0) {
    throw UserError(path, 0, "not a PolicyTune database (an SQLite file without a schema_version table)");
  }
  has_version.reset();
  auto version = connection.prepare("SELECT version FROM schema_version");
  if (!version.step()) throw UserError(path, 0, "not a PolicyTune database (schema_version is empty)");
  const std::int64_t found = version.integer(0);
  version.reset();
  if (found != kResultsSchemaVersion) {
    throw UserError(path, 0,
                    "database has schema version " + std::to_string(found) + ", this policytune reads version " +
                        std::to_string(kResultsSchemaVersion));
  }
  if (const auto problem = schema_problem(connection)) {
    throw UserError(path, 0, "not a PolicyTune database of schema version 1: " + *problem);
  }
  return true;
}

void upgrade_results_schema(SqliteConnection& connection) {
  if (!has_column(connection, "search_spaces", "runtime_axes")) {
    connection.execute("ALTER TABLE search_spaces ADD COLUMN runtime_axes TEXT NOT NULL DEFAULT ''");
  }
  if (!has_column(connection, "measurements", "confirmed_rounds")) {
    connection.execute("ALTER TABLE measurements ADD COLUMN confirmed_rounds INTEGER NOT NULL DEFAULT 0");
  }
}

bool has_column(SqliteConnection& connection, const std::string& table, const std::string& column) {
  auto columns = connection.prepare(("PRAGMA table_info(" + table + ")").c_str());
  while (columns.step()) {
    if (columns.text(1) == column) return true;
  }
  return false;
}

}  // namespace policytune
