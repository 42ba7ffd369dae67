#pragma once

#include <memory>
#include <string>

#include "store/sqlite.hpp"

namespace policytune {

// How a results database's file is opened (store/results_database.hpp reads and writes it), and
// what SQLite's errors on it mean.

// read_only: for commands that only read (analyze, generate, check, merge's inputs). Nothing is
// written, not even the switch to WAL mode or the schema of an empty file, so that an installed,
// shipped or someone else's database can be read where it cannot be written.
enum class ResultsFileMode { create_if_missing, must_exist, read_only };

// SQLite's error on the file at `path` as the one who gave the file reads it: a file that is no
// database (corrupt, not SQLite) a UserError, the machine's faults (full, I/O, busy, read-only,
// permissions, memory) an EnvironmentError; anything else rethrown: a statement of ours SQLite
// refuses is a bug.
[[noreturn]] void rethrow_results_file_error(const SqliteError& error, const std::string& path);

// A file SQLite cannot read as a database: the UserError that names it.
[[noreturn]] void throw_not_a_results_database(const SqliteError& error, const std::string& path);

// `action()`, SQLite's errors told as rethrow_results_file_error tells them.
template <typename Action>
auto guarded_results_file(const std::string& path, Action&& action) -> decltype(action()) {
  try {
    return action();
  } catch (const SqliteError& error) {
    rethrow_results_file_error(error, path);
  }
}

// The same while opening, which runs only fixed pragmas and reads of sqlite_master: a plain SQLite
// error there is the file's ("unsupported file format": a header from another SQLite, or damaged).
template <typename Action>
void guarded_results_file_opening(const std::string& path, Action&& action) {
  try {
    guarded_results_file(path, action);
  } catch (const SqliteError& error) {
    if ((error.code() & 0xff) != SQLITE_ERROR) throw;
    throw_not_a_results_database(error, path);
  }
}

// An opened results file: one connection with a busy timeout (concurrent writers wait for each
// other); for writing, in WAL mode with its schema made or checked and upgraded, the journal the
// file kept before given back at close; for reading, nothing written, and a WAL file in a
// read-only folder read as immutable where no log waits to be merged. Throws UserError naming the
// file when it is missing (must_exist, read_only), a directory, not a database or of another
// schema; EnvironmentError when a writing mode finds it read-only.
class ResultsFile {
public:
  ResultsFile(std::string path, ResultsFileMode mode);
  ~ResultsFile();
  ResultsFile(const ResultsFile&) = delete;
  ResultsFile& operator=(const ResultsFile&) = delete;

  const std::string& path() const noexcept { return path_; }
  bool read_only() const noexcept { return read_only_; }
  // Whether the file holds the schema: false only for an empty file opened read-only, which has
  // nothing to read.
  bool has_schema() const noexcept { return has_schema_; }
  SqliteConnection& connection() { return *connection_; }

private:
  void open_for_writing(ResultsFileMode mode);
  void open_for_reading();
  void enable_write_ahead_log();
  void open_schema();  // the schema made in an empty file, checked (and upgraded) in another
  void restore_journal_at_rest() noexcept;

  std::string path_;
  bool read_only_ = false;
  bool has_schema_ = false;
  // The journal a file kept before it was opened for writing ("delete" for the shipped
  // databases), given back at close; empty for a new file, which keeps the write-ahead log.
  std::string journal_at_rest_;
  std::unique_ptr<SqliteConnection> connection_;
};

}  // namespace policytune
