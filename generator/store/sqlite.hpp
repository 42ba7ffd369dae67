#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace policytune {

// Thin RAII wrappers over SQLite's C API: statements are prepared once and reused, parameters
// are always bound (never spliced into SQL text). Errors become SqliteError; callers that know
// which file is open turn them into UserError.
class SqliteError : public std::runtime_error {
public:
  SqliteError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const noexcept { return code_; }

private:
  int code_;
};

class SqliteStatement {
public:
  SqliteStatement(sqlite3* db, const char* sql);
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;
  SqliteStatement(SqliteStatement&& other) noexcept;
  ~SqliteStatement();

  SqliteStatement& bind(int index, std::int64_t value);
  SqliteStatement& bind(int index, double value);
  SqliteStatement& bind(int index, const std::string& value);
  SqliteStatement& bind(int index, std::optional<double> value);

  // Advances to the next row; false when done. Resets itself when done, ready for reuse.
  bool step();
  void run();  // step() through to the end, for statements without rows
  void reset() noexcept;

  std::int64_t integer(int column) const;
  double real(int column) const;
  std::optional<double> optional_real(int column) const;
  std::string text(int column) const;
  std::string blob(int column) const;  // the bytes as stored; empty for NULL
  bool is_null(int column) const;
  bool is_number(int column) const;  // stored as an INTEGER or a REAL
  int column_count() const;
  std::string column_name(int column) const;

private:
  sqlite3* db_ = nullptr;
  sqlite3_stmt* statement_ = nullptr;
};

// How a connection opens its file. `read_only` never writes to the file; `immutable` also tells
// SQLite that nobody else does, so that it needs no -shm file (a WAL database in a folder it cannot
// write to) and takes no locks.
enum class SqliteAccess { read_only, immutable, read_write, create };

class SqliteConnection {
public:
  // Every database PolicyTune opens is opened here: a path that names anything but a regular file
  // (or nothing, which SQLite reports or creates) is refused first, a UserError naming it.
  SqliteConnection(const std::string& path, SqliteAccess access);
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;
  ~SqliteConnection();

  void execute(const char* sql);
  SqliteStatement prepare(const char* sql) { return SqliteStatement(db_, sql); }
  std::int64_t last_insert_id() const noexcept { return sqlite3_last_insert_rowid(db_); }
  // Rows the last INSERT, UPDATE or DELETE changed (an upsert whose WHERE refused changes none).
  std::int64_t changes() const noexcept { return sqlite3_changes(db_); }
  // True when SQLite opened the file read-only: asked to, or the file is write-protected.
  bool read_only() const noexcept { return sqlite3_db_readonly(db_, "main") == 1; }

private:
  sqlite3* db_ = nullptr;
};

// BEGIN IMMEDIATE on construction (takes the write lock up front, so concurrent writers wait in
// the busy handler instead of failing at COMMIT); rolls back unless commit() was called.
class SqliteTransaction {
public:
  explicit SqliteTransaction(SqliteConnection& connection);
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;
  ~SqliteTransaction();
  void commit();

private:
  SqliteConnection& connection_;
  bool open_ = true;
};

}  // namespace policytune
