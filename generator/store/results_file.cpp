#include "store/results_file.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <thread>

#include <unistd.h>

#include "core/environment_error.hpp"
#include "core/user_error.hpp"
#include "store/results_schema.hpp"

namespace policytune {
namespace {

// Why this process cannot write the database at `path`, if it cannot: SQLite would otherwise open
// a write-protected file read-only without a word and fail at the first write.
std::optional<std::string> unwritable_reason(const std::string& path) {
  const auto folder = std::filesystem::absolute(path).parent_path();
  const bool exists = ::access(path.c_str(), F_OK) == 0;
  if (exists && ::access(path.c_str(), W_OK) != 0) {
    return "read-only database (no write permission on the file); analyze, generate and check can still read it";
  }
  if (::access(folder.c_str(), W_OK) != 0) {
    if (!exists) return "cannot create the database: no write permission on its folder " + folder.string();
    return "read-only database (no write permission on its folder " + folder.string() +
           ", where SQLite keeps its journal); analyze, generate and check can still read it";
  }
  return std::nullopt;
}

}  // namespace

void throw_not_a_results_database(const SqliteError& error, const std::string& path) {
  throw UserError(path, 0, "not a PolicyTune database (corrupt, or not SQLite): " + std::string(error.what()));
}

void rethrow_results_file_error(const SqliteError& error, const std::string& path) {
  switch (error.code() & 0xff) {  // the primary code of an extended one
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
    case SQLITE_TOOBIG:    // a damaged record that claims a string larger than SQLite allows
    case SQLITE_MISMATCH:  // a value of the wrong type where SQLite needs one (a rowid)
      throw_not_a_results_database(error, path);
    case SQLITE_FULL:
    case SQLITE_IOERR:
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_NOMEM:
    case SQLITE_NOLFS:
      throw EnvironmentError(path, std::string("database error: ") + error.what());
    default:
      throw;  // a statement of ours that SQLite refuses is a bug (rethrown: this runs in its handler)
  }
}

ResultsFile::ResultsFile(std::string path, ResultsFileMode mode) : path_(std::move(path)) {
  // A file path and nothing else: SqliteConnection opens `:memory:` or `file:x.db` as the files so named.
  if (path_.empty()) throw UserError("--db '': a results database needs a file path");
  std::error_code error;
  if (mode != ResultsFileMode::create_if_missing && !std::filesystem::exists(path_, error)) {
    throw UserError(path_, 0, "no such database");
  }
  if (std::filesystem::is_directory(path_, error)) throw UserError(path_, 0, "is a directory, not a database");
  if (mode == ResultsFileMode::read_only) {
    read_only_ = true;
    open_for_reading();
  } else {
    open_for_writing(mode);
  }
}

void ResultsFile::open_for_writing(ResultsFileMode mode) {
  std::error_code error;
  const auto parent = std::filesystem::path(path_).parent_path();
  if (mode == ResultsFileMode::create_if_missing && !parent.empty() && !std::filesystem::exists(parent, error)) {
    std::filesystem::create_directories(parent, error);
    // A file where a folder should be is the path's fault; a refusal (permissions, a full or
    // read-only disk) is the machine's.
    if (error == std::errc::not_a_directory || error == std::errc::file_exists) {
      throw UserError(path_, 0, "cannot create its folder: " + error.message());
    }
    if (error) throw EnvironmentError(path_, "cannot create its folder: " + error.message());
  }
  if (const auto problem = unwritable_reason(path_)) throw EnvironmentError(path_, *problem);
  std::error_code size_error;
  const bool existed = std::filesystem::file_size(path_, size_error) > 0 && !size_error;
  guarded_results_file_opening(path_, [&] {
    connection_ = std::make_unique<SqliteConnection>(
        path_, mode == ResultsFileMode::create_if_missing ? SqliteAccess::create : SqliteAccess::read_write);
    connection_->execute("PRAGMA busy_timeout = 60000");
    if (existed) {
      auto journal = connection_->prepare("PRAGMA journal_mode");
      if (journal.step() && journal.text(0) != "wal") journal_at_rest_ = journal.text(0);
    }
    enable_write_ahead_log();
    // A transaction of a million rows (an import) outgrows SQLite's default cache of 2 MiB, and
    // then spills its pages to the log and reads them back while it inserts; 64 MiB at most keeps
    // the index pages it revisits, and a small write uses what it touches only.
    connection_->execute("PRAGMA cache_size = -65536");
    connection_->execute("PRAGMA foreign_keys = ON");
    open_schema();
    has_schema_ = true;
  });
}

void ResultsFile::open_for_reading() {
  const auto open = [&](SqliteAccess access) {
    connection_ = std::make_unique<SqliteConnection>(path_, access);
    connection_->execute("PRAGMA busy_timeout = 60000");
    has_schema_ = check_results_schema(*connection_, path_);
  };
  guarded_results_file_opening(path_, [&] {
    try {
      open(SqliteAccess::read_only);
    } catch (const SqliteError& error) {
      // A WAL database whose folder we cannot write: SQLite cannot create the -shm file readers
      // share. With no log to replay, reading the file as immutable is exact; with one, it is not.
      const int code = error.code() & 0xff;
      if (code != SQLITE_CANTOPEN && code != SQLITE_READONLY) throw;
      std::error_code ignored;
      const auto log_size = std::filesystem::file_size(path_ + "-wal", ignored);
      if (!ignored && log_size > 0) {
        throw EnvironmentError(path_, "cannot be read: its write-ahead log " + path_ +
                                          "-wal holds changes not yet merged, and its folder is read-only (" +
                                          error.what() + ")");
      }
      connection_.reset();
      open(SqliteAccess::immutable);
    }
  });
}

ResultsFile::~ResultsFile() { restore_journal_at_rest(); }

// Writing happens in the write-ahead log (several processes may write at once); a file that kept
// a rollback journal before gets it back at close, so that a committed database leaves no -wal
// and -shm files in a checkout. While another connection has the file open the switch is refused
// (busy): the file stays in WAL mode, as correct, only untidier.
void ResultsFile::restore_journal_at_rest() noexcept {
  if (journal_at_rest_.empty() || !connection_) return;
  try {
    connection_->execute("PRAGMA busy_timeout = 0");
    auto journal = connection_->prepare(("PRAGMA journal_mode = " + journal_at_rest_).c_str());
    journal.step();
  } catch (const SqliteError&) {}
}

void ResultsFile::enable_write_ahead_log() {
  // Switching a new file to WAL takes an exclusive lock and does not wait in the busy handler, so
  // several processes creating one database at once retry here until the busy timeout.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (true) {
    try {
      auto mode = connection_->prepare("PRAGMA journal_mode = WAL");
      mode.step();
      if (mode.text(0) == "wal") return;
      throw SqliteError(SQLITE_ERROR, "cannot switch to WAL mode (journal mode is " + mode.text(0) + ")");
    } catch (const SqliteError& error) {
      if (error.code() != SQLITE_BUSY || std::chrono::steady_clock::now() > deadline) throw;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void ResultsFile::open_schema() {
  SqliteTransaction transaction(*connection_);
  if (!check_results_schema(*connection_, path_)) {
    create_results_schema(*connection_);
  } else {
    upgrade_results_schema(*connection_);
  }
  transaction.commit();
}

}  // namespace policytune
