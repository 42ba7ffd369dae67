#include "cub_results/cub_bench_database.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

#include "core/file_kind.hpp"
#include "core/user_error.hpp"
#include "store/sqlite.hpp"

namespace policytune {
namespace {

// The columns every entry table has besides its axes.
const std::set<std::string> kStateColumns = {"ctk", "cccl", "gpu", "variant", "elapsed", "center", "bw", "samples"};

std::string quoted_name(const std::string& name) {
  std::string quoted = "\"";
  for (const char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

bool has_table(SqliteConnection& connection, const std::string& table) {
  auto query = connection.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
  query.bind(1, table);
  const bool found = query.step();
  query.reset();
  return found;
}

// A text cell CUB always fills; `where` names the table and row for the message.
std::string required_text(const SqliteStatement& row, int column, const std::string& path, const std::string& where) {
  std::string value = row.text(column);
  if (row.is_null(column) || value.empty()) {
    throw UserError(path, 0, fmt::format("{}: '{}' is empty", where, row.column_name(column)));
  }
  return value;
}

CubEntryTable read_entry(SqliteConnection& connection, const std::string& path, const std::string& algorithm,
                         const std::string& entry) {
  const std::string table = algorithm + "." + entry;
  if (!has_table(connection, table)) {
    throw UserError(path, 0,
                    fmt::format("subbenches lists {} {}, but there is no table \"{}\"", algorithm, entry, table));
  }
  auto select = connection.prepare(("SELECT rowid, * FROM " + quoted_name(table) + " ORDER BY rowid").c_str());
  std::map<std::string, int> columns;
  std::vector<int> axis_columns;
  for (int c = 1; c < select.column_count(); ++c) {
    const std::string name = select.column_name(c);
    columns[name] = c;
    if (kStateColumns.count(name) == 0) axis_columns.push_back(c);
  }
  for (const char* needed : {"ctk", "cccl", "gpu", "variant", "center", "samples"}) {
    if (columns.count(needed) == 0) {
      throw UserError(path, 0,
                      fmt::format("table \"{}\" has no column '{}', which CUB's scripts write", table, needed));
    }
  }
  CubEntryTable result{algorithm, entry, {}};
  while (select.step()) {
    CubStateRow row;
    row.row_id = select.integer(0);
    const std::string where = fmt::format("table \"{}\", row {}", table, row.row_id);
    row.ctk = required_text(select, columns.at("ctk"), path, where);
    row.cccl = required_text(select, columns.at("cccl"), path, where);
    row.gpu = required_text(select, columns.at("gpu"), path, where);
    row.variant = required_text(select, columns.at("variant"), path, where);
    const int center = columns.at("center");
    if (!select.is_null(center) && !select.is_number(center)) {
      throw UserError(path, 0, fmt::format("{}: center '{}' is not a number", where, select.text(center)));
    }
    row.center = select.optional_real(center);
    row.samples = select.blob(columns.at("samples"));
    for (const int c : axis_columns) row.axes.push_back({select.column_name(c), required_text(select, c, path, where)});
    result.rows.push_back(std::move(row));
  }
  return result;
}

std::vector<CubProcessRecord> read_processes(SqliteConnection& connection, const std::string& path,
                                             const std::string& table) {
  std::vector<CubProcessRecord> records;
  if (!has_table(connection, table)) return records;
  auto select = connection.prepare(("SELECT rowid, ctk, cccl, bench, code FROM " + table + " ORDER BY rowid").c_str());
  while (select.step()) {
    const std::string where = fmt::format("table {}, row {}", table, select.integer(0));
    CubProcessRecord record{required_text(select, 1, path, where), required_text(select, 2, path, where),
                            required_text(select, 3, path, where), 0};
    const std::string code = required_text(select, 4, path, where);
    const auto [end, error] = std::from_chars(code.data(), code.data() + code.size(), record.code);
    if (error != std::errc() || end != code.data() + code.size()) {
      throw UserError(path, 0, fmt::format("{}: code '{}' is not an exit code", where, code));
    }
    records.push_back(std::move(record));
  }
  return records;
}

}  // namespace

CubBenchDatabase read_cub_bench_database(const std::string& path) {
  require_regular_file(path);
  CubBenchDatabase database{path, {}, {}, {}};
  try {
    SqliteConnection connection(path, SqliteAccess::read_only);
    if (!has_table(connection, "subbenches")) {
      throw UserError(path, 0, "not a database of CUB's tuning scripts: it has no table 'subbenches'");
    }
    auto entries = connection.prepare("SELECT algorithm, bench FROM subbenches ORDER BY rowid");
    std::vector<std::pair<std::string, std::string>> listed;
    while (entries.step()) listed.emplace_back(entries.text(0), entries.text(1));
    for (const auto& [algorithm, entry] : listed)
      database.entries.push_back(read_entry(connection, path, algorithm, entry));
    database.builds = read_processes(connection, path, "builds");
    database.runs = read_processes(connection, path, "runs");
  } catch (const SqliteError& failure) {
    throw UserError(path, 0, std::string("cannot read it as CUB's results database: ") + failure.what());
  }
  return database;
}

}  // namespace policytune
