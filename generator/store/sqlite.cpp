#include "store/sqlite.hpp"

#include <filesystem>

#include <fmt/format.h>

#include <utility>

#include "core/file_kind.hpp"

namespace policytune {
namespace {

[[noreturn]] void fail(sqlite3* db, int code) {
  throw SqliteError(code, db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code));
}

}  // namespace

SqliteStatement::SqliteStatement(sqlite3* db, const char* sql) : db_(db) {
  const int code = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement_, nullptr);
  if (code != SQLITE_OK) fail(db, code);
}

SqliteStatement::SqliteStatement(SqliteStatement&& other) noexcept
    : db_(other.db_), statement_(std::exchange(other.statement_, nullptr)) {}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(statement_); }

SqliteStatement& SqliteStatement::bind(int index, std::int64_t value) {
  const int code = sqlite3_bind_int64(statement_, index, value);
  if (code != SQLITE_OK) fail(db_, code);
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, double value) {
  const int code = sqlite3_bind_double(statement_, index, value);
  if (code != SQLITE_OK) fail(db_, code);
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, const std::string& value) {
  const int code = sqlite3_bind_text(statement_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  if (code != SQLITE_OK) fail(db_, code);
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::optional<double> value) {
  if (value) return bind(index, *value);
  const int code = sqlite3_bind_null(statement_, index);
  if (code != SQLITE_OK) fail(db_, code);
  return *this;
}

bool SqliteStatement::step() {
  const int code = sqlite3_step(statement_);
  if (code == SQLITE_ROW) return true;
  sqlite3_reset(statement_);
  if (code == SQLITE_DONE) return false;
  fail(db_, code);
}

void SqliteStatement::run() {
  while (step()) {}
}

void SqliteStatement::reset() noexcept {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
}

std::int64_t SqliteStatement::integer(int column) const { return sqlite3_column_int64(statement_, column); }

double SqliteStatement::real(int column) const { return sqlite3_column_double(statement_, column); }

std::optional<double> SqliteStatement::optional_real(int column) const {
  if (sqlite3_column_type(statement_, column) == SQLITE_NULL) return std::nullopt;
  return sqlite3_column_double(statement_, column);
}

std::string SqliteStatement::text(int column) const {
  const auto* bytes = sqlite3_column_text(statement_, column);
  if (bytes == nullptr) return {};
  return {reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
}

std::string SqliteStatement::blob(int column) const {
  const auto* bytes = static_cast<const char*>(sqlite3_column_blob(statement_, column));
  if (bytes == nullptr) return {};
  return {bytes, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
}

bool SqliteStatement::is_null(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }

bool SqliteStatement::is_number(int column) const {
  const int type = sqlite3_column_type(statement_, column);
  return type == SQLITE_INTEGER || type == SQLITE_FLOAT;
}

int SqliteStatement::column_count() const { return sqlite3_column_count(statement_); }

std::string SqliteStatement::column_name(int column) const {
  const char* name = sqlite3_column_name(statement_, column);
  return name == nullptr ? "" : name;
}

namespace {

// A file: URI naming `path` as a file, whatever it looks like (`:memory:`, `file:x.db`): absolute,
// after an empty authority (`file://`), so that a leading `//` reads as no host, not normalised (a
// `link/..` means what the kernel says), with the characters a URI gives meaning to escaped.
std::string file_uri(const std::string& path, const std::string& query) {
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  // "file:" alone would open a private temporary database, losing every write.
  if (error) throw SqliteError(SQLITE_CANTOPEN, "cannot resolve the path: " + error.message());
  std::string uri = "file://";
  for (const char c : absolute.string()) {
    if (c == '%' || c == '?' || c == '#') {
      uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      uri += c;
    }
  }
  return query.empty() ? uri : uri + "?" + query;
}

}  // namespace

SqliteConnection::SqliteConnection(const std::string& path, SqliteAccess access) {
  // Always a URI, so that the path is a file's: SQLite reads `:memory:`, `file:...` and an empty
  // name otherwise as something else than the file the user named.
  if (path.empty()) throw SqliteError(SQLITE_CANTOPEN, "a database needs a file path, not an empty one");
  // SQLite would open a FIFO and wait for a writer (retrying through Ctrl-C), or read a device forever.
  require_regular_file_or_missing(path);
  int flags = SQLITE_OPEN_URI;
  std::string query;
  switch (access) {
    case SqliteAccess::read_only:
      flags |= SQLITE_OPEN_READONLY;
      break;
    case SqliteAccess::immutable:
      flags |= SQLITE_OPEN_READONLY;
      query = "immutable=1";
      break;
    case SqliteAccess::read_write:
      flags |= SQLITE_OPEN_READWRITE;
      break;
    case SqliteAccess::create:
      flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
      break;
  }
  const std::string name = file_uri(path, query);
  const int code = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
  if (code != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError(code, message);
  }
  sqlite3_extended_result_codes(db_, 0);
}

SqliteConnection::~SqliteConnection() { sqlite3_close_v2(db_); }

void SqliteConnection::execute(const char* sql) {
  char* message = nullptr;
  const int code = sqlite3_exec(db_, sql, nullptr, nullptr, &message);
  if (code != SQLITE_OK) {
    const std::string text = message != nullptr ? message : sqlite3_errstr(code);
    sqlite3_free(message);
    throw SqliteError(code, text);
  }
}

SqliteTransaction::SqliteTransaction(SqliteConnection& connection) : connection_(connection) {
  connection_.execute("BEGIN IMMEDIATE");
}

SqliteTransaction::~SqliteTransaction() {
  if (!open_) return;
  try {
    connection_.execute("ROLLBACK");
  } catch (const SqliteError&) {
    // Nothing more can be done from a destructor; SQLite rolls back on close anyway.
  }
}

void SqliteTransaction::commit() {
  connection_.execute("COMMIT");
  open_ = false;
}

}  // namespace policytune
