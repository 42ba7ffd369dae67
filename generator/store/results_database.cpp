#include "store/results_database.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include <unistd.h>

#include "core/environment_error.hpp"
#include "core/measurement_validation.hpp"
#include "core/user_error.hpp"
#include "store/measurement_key.hpp"
#include "store/results_schema.hpp"

namespace policytune {
namespace {

constexpr const char* kUpsertMeasurement = R"sql(
INSERT INTO measurements (algorithm, benchmark, device_id, toolkit, library, source_hash, ct_workload,
                          variant, entry, rt_workload, status, reason, sample_count, median, mean,
                          stddev, min, max, bytes_per_second, recorded_at, confirmed_rounds)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
ON CONFLICT ({key})
DO UPDATE SET status = excluded.status, reason = excluded.reason, sample_count = excluded.sample_count,
              median = excluded.median, mean = excluded.mean, stddev = excluded.stddev,
              min = excluded.min, max = excluded.max, bytes_per_second = excluded.bytes_per_second,
              recorded_at = excluded.recorded_at, confirmed_rounds = excluded.confirmed_rounds
)sql";
// For files opened read-only that predate the confirmed_rounds column (never run: nothing is written).
constexpr const char* kUpsertMeasurementWithoutConfirmation = R"sql(
INSERT INTO measurements (algorithm, benchmark, device_id, toolkit, library, source_hash, ct_workload,
                          variant, entry, rt_workload, status, reason, sample_count, median, mean,
                          stddev, min, max, bytes_per_second, recorded_at)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)
)sql";

// Both selections return the columns read_rows() expects, in this order. Files opened read-only
// that predate the confirmed_rounds column read it as 0.
std::string select_measurement_columns(bool with_confirmation) {
  return std::string(
             "SELECT m.algorithm, m.benchmark, d.name, d.sm_count, d.memory_bus_width, d.ecc, d.compute_capability, "
             "d.driver, m.toolkit, m.library, m.source_hash, m.ct_workload, m.variant, m.entry, m.rt_workload, "
             "m.status, m.reason, m.sample_count, m.median, m.mean, m.stddev, m.min, m.max, m.bytes_per_second, "
             "m.recorded_at, ") +
         (with_confirmation ? "m.confirmed_rounds" : "0") +
         ", m.id, m.device_id FROM measurements m LEFT JOIN devices d ON d.id = m.device_id ";
}

std::string measurements_selection(bool with_confirmation) {
  return select_measurement_columns(with_confirmation) + "ORDER BY m.id";
}

std::string scope_selection(bool with_confirmation) {
  return select_measurement_columns(with_confirmation) +
         "WHERE m.benchmark = ?1 AND d.name = ?2 AND d.sm_count = ?3 AND d.memory_bus_width = ?4 AND d.ecc = ?5 "
         "AND d.compute_capability = ?6 AND d.driver = ?7 AND m.toolkit = ?8 AND m.library = ?9 "
         "AND m.source_hash = ?10 AND m.ct_workload = ?11 ORDER BY m.id";
}

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

constexpr const char* kUpsertSearchSpace =
    "INSERT INTO search_spaces (benchmark, source_hash, algorithm, size, ranges, runtime_axes) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (benchmark, source_hash) DO UPDATE SET algorithm = "
    "excluded.algorithm, "
    "size = excluded.size, ranges = excluded.ranges, runtime_axes = CASE excluded.runtime_axes "
    "WHEN '' THEN search_spaces.runtime_axes ELSE excluded.runtime_axes END";
constexpr const char* kSelectSearchSpaces =
    "SELECT benchmark, source_hash, algorithm, size, ranges, runtime_axes FROM search_spaces "
    "ORDER BY benchmark, source_hash";
// For files opened read-only that predate the runtime_axes column (never run: nothing is written).
constexpr const char* kUpsertSearchSpaceWithoutAxes =
    "INSERT INTO search_spaces (benchmark, source_hash, algorithm, size, ranges) VALUES (?1, ?2, ?3, ?4, ?5)";
constexpr const char* kSelectSearchSpacesWithoutAxes =
    "SELECT benchmark, source_hash, algorithm, size, ranges, '' FROM search_spaces ORDER BY benchmark, source_hash";

}  // namespace

struct ResultsDatabase::Statements {
  SqliteStatement insert_device;
  SqliteStatement find_device;
  SqliteStatement upsert_measurement;
  SqliteStatement select_measurements;
  SqliteStatement select_scope;
  SqliteStatement upsert_search_space;
  SqliteStatement select_search_spaces;

  explicit Statements(SqliteConnection& c)
      : Statements(c, has_column(c, "measurements", "confirmed_rounds"),
                   has_column(c, "search_spaces", "runtime_axes")) {}

private:
  // Files written before confirmation rounds lack confirmed_rounds, and those written before
  // runtime axes were kept lack runtime_axes (writing adds both): their rows read as measured once
  // and their spaces without runtime axes.
  Statements(SqliteConnection& c, bool has_confirmed_rounds, bool has_runtime_axes)
      : insert_device(
            c.prepare("INSERT INTO devices (name, sm_count, memory_bus_width, ecc, compute_capability, driver) "
                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING")),
        find_device(c.prepare("SELECT id FROM devices WHERE name = ?1 AND sm_count = ?2 AND memory_bus_width = ?3 "
                              "AND ecc = ?4 AND compute_capability = ?5 AND driver = ?6")),
        upsert_measurement(c.prepare(has_confirmed_rounds ? with_measurement_key(kUpsertMeasurement).c_str()
                                                          : kUpsertMeasurementWithoutConfirmation)),
        select_measurements(c.prepare(measurements_selection(has_confirmed_rounds).c_str())),
        select_scope(c.prepare(scope_selection(has_confirmed_rounds).c_str())),
        upsert_search_space(c.prepare(has_runtime_axes ? kUpsertSearchSpace : kUpsertSearchSpaceWithoutAxes)),
        select_search_spaces(c.prepare(has_runtime_axes ? kSelectSearchSpaces : kSelectSearchSpacesWithoutAxes)) {}
};

template <typename Action>
auto ResultsDatabase::guarded(Action&& action) -> decltype(action()) {
  try {
    return action();
  } catch (const SqliteError& error) {
    switch (error.code() & 0xff) {  // the primary code of an extended one
      case SQLITE_NOTADB:
      case SQLITE_CORRUPT:
      case SQLITE_TOOBIG:    // a damaged record that claims a string larger than SQLite allows
      case SQLITE_MISMATCH:  // a value of the wrong type where SQLite needs one (a rowid)
        throw UserError(path_, 0, "not a PolicyTune database (corrupt, or not SQLite): " + std::string(error.what()));
      case SQLITE_FULL:
      case SQLITE_IOERR:
      case SQLITE_BUSY:
      case SQLITE_LOCKED:
      case SQLITE_READONLY:
      case SQLITE_CANTOPEN:
      case SQLITE_PERM:
      case SQLITE_NOMEM:
      case SQLITE_NOLFS:
        throw EnvironmentError(path_, std::string("database error: ") + error.what());
      default:
        throw;  // a statement of ours that SQLite refuses is a bug
    }
  }
}

template <typename Action>
void ResultsDatabase::guarded_opening(Action&& action) {
  try {
    guarded(action);
  } catch (const SqliteError& error) {
    // Opening runs only fixed pragmas and reads of sqlite_master: a plain SQLite error there is
    // the file's ("unsupported file format": a header from another SQLite, or damaged).
    if ((error.code() & 0xff) != SQLITE_ERROR) throw;
    throw UserError(path_, 0, "not a PolicyTune database (corrupt, or not SQLite): " + std::string(error.what()));
  }
}

ResultsDatabase::ResultsDatabase(std::string path, Mode mode) : path_(std::move(path)) {
  // A file path and nothing else: SqliteConnection opens `:memory:` or `file:x.db` as the files so named.
  if (path_.empty()) throw UserError("--db '': a results database needs a file path");
  std::error_code error;
  if (mode != Mode::create_if_missing && !std::filesystem::exists(path_, error)) {
    throw UserError(path_, 0, "no such database");
  }
  if (std::filesystem::is_directory(path_, error)) throw UserError(path_, 0, "is a directory, not a database");
  if (mode == Mode::read_only) {
    read_only_ = true;
    open_for_reading();
  } else {
    open_for_writing(mode);
  }
}

void ResultsDatabase::open_for_writing(Mode mode) {
  std::error_code error;
  const auto parent = std::filesystem::path(path_).parent_path();
  if (mode == Mode::create_if_missing && !parent.empty() && !std::filesystem::exists(parent, error)) {
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
  guarded_opening([&] {
    connection_ = std::make_unique<SqliteConnection>(
        path_, mode == Mode::create_if_missing ? SqliteAccess::create : SqliteAccess::read_write);
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
    statements_ = std::make_unique<Statements>(*connection_);
  });
}

void ResultsDatabase::open_for_reading() {
  const auto open = [&](SqliteAccess access) {
    connection_ = std::make_unique<SqliteConnection>(path_, access);
    connection_->execute("PRAGMA busy_timeout = 60000");
    if (check_results_schema(*connection_, path_)) statements_ = std::make_unique<Statements>(*connection_);
  };
  guarded_opening([&] {
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
      statements_.reset();
      connection_.reset();
      open(SqliteAccess::immutable);
    }
  });
}

ResultsDatabase::~ResultsDatabase() { restore_journal_at_rest(); }

// Writing happens in the write-ahead log (several processes may write at once); a file that kept
// a rollback journal before gets it back at close, so that a committed database leaves no -wal
// and -shm files in a checkout. While another connection has the file open the switch is refused
// (busy): the file stays in WAL mode, as correct, only untidier.
void ResultsDatabase::restore_journal_at_rest() noexcept {
  if (journal_at_rest_.empty() || !connection_) return;
  statements_.reset();  // no statement of ours may hold the file
  try {
    connection_->execute("PRAGMA busy_timeout = 0");
    auto journal = connection_->prepare(("PRAGMA journal_mode = " + journal_at_rest_).c_str());
    journal.step();
  } catch (const SqliteError&) {}
}

void ResultsDatabase::enable_write_ahead_log() {
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

void ResultsDatabase::open_schema() {
  SqliteTransaction transaction(*connection_);
  if (!check_results_schema(*connection_, path_)) {
    create_results_schema(*connection_);
  } else {
    upgrade_results_schema(*connection_);
  }
  transaction.commit();
}

void ResultsDatabase::insert(const Measurement& m, std::optional<StoredDevice>& last_device) {
  const auto bind_device = [&](SqliteStatement& statement) -> SqliteStatement& {
    return statement.bind(1, m.device.name)
        .bind(2, m.device.sm_count)
        .bind(3, m.device.memory_bus_width)
        .bind(4, std::int64_t{m.device.ecc ? 1 : 0})
        .bind(5, m.device.compute_capability)
        .bind(6, m.device.driver);
  };
  if (!last_device || last_device->device != m.device) {
    bind_device(statements_->insert_device).run();
    auto& find = bind_device(statements_->find_device);
    find.step();
    last_device = StoredDevice{m.device, find.integer(0)};
    find.reset();
  }
  const std::int64_t device_id = last_device->id;

  auto& upsert = statements_->upsert_measurement;
  upsert.bind(1, m.algorithm)
      .bind(2, m.benchmark)
      .bind(3, device_id)
      .bind(4, m.toolkit)
      .bind(5, m.library)
      .bind(6, m.source_hash)
      .bind(7, m.ct_workload)
      .bind(8, m.variant)
      .bind(9, m.entry)
      .bind(10, m.rt_workload)
      .bind(11, std::string(to_string(m.status)))
      .bind(12, m.reason)
      .bind(13, m.statistics.count)
      .bind(14, m.statistics.median)
      .bind(15, m.statistics.mean)
      .bind(16, m.statistics.stddev)
      .bind(17, m.statistics.min)
      .bind(18, m.statistics.max)
      .bind(19, m.bytes_per_second)
      .bind(20, m.recorded_at.empty() ? utc_timestamp() : m.recorded_at)
      .bind(21, m.confirmed_rounds)
      .run();
}

void ResultsDatabase::record(const Measurement& measurement) { record(std::vector<Measurement>{measurement}); }

void ResultsDatabase::require_writable() const {
  if (read_only_) throw std::logic_error("writing to " + path_ + ", opened read-only");
}

void ResultsDatabase::record(const std::vector<Measurement>& measurements) { record({}, measurements); }

void ResultsDatabase::record(const SearchSpaceRecord& space) { record({space}, {}); }

void ResultsDatabase::record(const std::vector<SearchSpaceRecord>& spaces,
                             const std::vector<Measurement>& measurements) {
  require_writable();
  for (const auto& measurement : measurements) require_storable(measurement, path_);
  guarded([&] {
    SqliteTransaction transaction(*connection_);
    for (const auto& space : spaces) insert(space);
    std::optional<StoredDevice> last_device;  // of this transaction: a rolled back one stored no device
    for (const auto& measurement : measurements) insert(measurement, last_device);
    transaction.commit();
  });
}

void ResultsDatabase::insert(const SearchSpaceRecord& space) {
  statements_->upsert_search_space.bind(1, space.benchmark)
      .bind(2, space.source_hash)
      .bind(3, space.algorithm)
      .bind(4, space.size)
      .bind(5, space.ranges)
      .bind(6, space.runtime_axes)
      .run();
}

std::vector<Measurement> ResultsDatabase::measurements() {
  if (!statements_) return {};
  return guarded([&] { return read_rows(statements_->select_measurements); });
}

std::vector<Measurement> ResultsDatabase::measurements(const MeasurementScope& scope) {
  if (!statements_) return {};
  return guarded([&] {
    auto& select = statements_->select_scope;
    select.bind(1, scope.benchmark)
        .bind(2, scope.device.name)
        .bind(3, scope.device.sm_count)
        .bind(4, scope.device.memory_bus_width)
        .bind(5, std::int64_t{scope.device.ecc ? 1 : 0})
        .bind(6, scope.device.compute_capability)
        .bind(7, scope.device.driver)
        .bind(8, scope.toolkit)
        .bind(9, scope.library)
        .bind(10, scope.source_hash)
        .bind(11, scope.ct_workload);
    return read_rows(select);
  });
}

std::vector<Measurement> ResultsDatabase::read_rows(SqliteStatement& select) const {
  enum Column {
    kDeviceName = 2,
    kSampleCount = 17,
    kMedian,
    kMean,
    kStddev,
    kMin,
    kMax,
    kBandwidth,
    kRecordedAt,
    kConfirmedRounds,
    kRowId,
    kDeviceId
  };
  std::vector<Measurement> rows;
  while (select.step()) {
    const std::int64_t id = select.integer(kRowId);
    const auto damaged = [&](const std::string& what) {
      return UserError(path_, 0, "damaged database: measurement row " + std::to_string(id) + " " + what);
    };
    if (select.is_null(kDeviceName)) {
      throw damaged("names device " + select.text(kDeviceId) + ", which the devices table does not hold");
    }
    // SQLite keeps text that is not a number in a REAL column as text ('NaN' reads as 0.0).
    for (const auto& [column, name] : {std::pair{kSampleCount, "sample_count"},
                                       {kMedian, "median"},
                                       {kMean, "mean"},
                                       {kStddev, "stddev"},
                                       {kMin, "min"},
                                       {kMax, "max"},
                                       {kConfirmedRounds, "confirmed_rounds"}}) {
      if (!select.is_number(column))
        throw damaged(std::string("has ") + name + " '" + select.text(column) + "', not a number");
    }
    if (!select.is_null(kBandwidth) && !select.is_number(kBandwidth)) {
      throw damaged("has bytes_per_second '" + select.text(kBandwidth) + "', not a number");
    }
    Measurement m;
    m.algorithm = select.text(0);
    m.benchmark = select.text(1);
    m.device = {select.text(kDeviceName), select.integer(3), select.integer(4),
                select.integer(5) != 0,   select.text(6),    select.text(7)};
    m.toolkit = select.text(8);
    m.library = select.text(9);
    m.source_hash = select.text(10);
    m.ct_workload = select.text(11);
    m.variant = select.text(12);
    m.entry = select.text(13);
    m.rt_workload = select.text(14);
    const auto status = parse_status(select.text(15));
    if (!status) throw damaged("has status '" + select.text(15) + "'");
    m.status = *status;
    m.reason = select.text(16);
    m.statistics = {select.integer(kSampleCount), select.real(kMedian), select.real(kMean),
                    select.real(kStddev),         select.real(kMin),    select.real(kMax)};
    m.bytes_per_second = select.optional_real(kBandwidth);
    m.recorded_at = select.text(kRecordedAt);
    m.confirmed_rounds = select.integer(kConfirmedRounds);
    // Dates are not held against this machine's clock here: the writer's was checked when it wrote.
    if (m.recorded_at.empty()) throw damaged("has no recorded_at");
    if (const auto fault = measurement_fault(m, std::nullopt)) throw damaged("(" + describe_row(m) + "): " + *fault);
    rows.push_back(std::move(m));
  }
  return rows;
}

namespace {

// Search spaces pass 64 bits, never a thousand digits: a size past that is damage, and reading it
// (a decimal parse quadratic in its length) would take minutes.
constexpr std::size_t kMostSizeDigits = 1000;

// Whether `size` is a count as search and import write it: decimal digits, no leading zero.
bool is_space_size(const std::string& size) {
  return !size.empty() && size.size() <= kMostSizeDigits &&
         std::all_of(size.begin(), size.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
         (size == "0" || size.front() != '0');
}

}  // namespace

std::vector<SearchSpaceRecord> ResultsDatabase::search_spaces() {
  if (!statements_) return {};
  return guarded([&] {
    std::vector<SearchSpaceRecord> rows;
    auto& select = statements_->select_search_spaces;
    while (select.step()) {
      rows.push_back({select.text(0), select.text(1), select.text(2), select.text(3), select.text(4), select.text(5)});
      const SearchSpaceRecord& row = rows.back();
      if (!is_space_size(row.size)) {  // analyze and report read it as a number
        const std::string shown = row.size.size() > 20 ? row.size.substr(0, 20) + "..." : row.size;
        throw UserError(path_, 0,
                        "search space of " + row.benchmark + " (source " + row.source_hash + "): size '" + shown +
                            "' is not a count of variants");
      }
    }
    return rows;
  });
}

std::vector<SourceVersion> ResultsDatabase::source_versions() {
  if (!statements_) return {};
  return guarded([&] {
    auto select = connection_->prepare(
        "SELECT benchmark, source_hash, count(*), max(recorded_at) FROM measurements "
        "GROUP BY benchmark, source_hash ORDER BY benchmark, max(recorded_at) DESC, source_hash");
    std::vector<SourceVersion> versions;
    while (select.step()) {
      versions.push_back({select.text(0), select.text(1), static_cast<std::size_t>(select.integer(2)), select.text(3)});
    }
    return versions;
  });
}

std::vector<std::size_t> ResultsDatabase::remove_source_versions(
    const std::vector<std::pair<std::string, std::string>>& versions) {
  require_writable();
  return guarded([&] {
    SqliteTransaction transaction(*connection_);
    auto count = connection_->prepare("SELECT count(*) FROM measurements WHERE benchmark = ?1 AND source_hash = ?2");
    auto remove = connection_->prepare("DELETE FROM measurements WHERE benchmark = ?1 AND source_hash = ?2");
    auto remove_space = connection_->prepare("DELETE FROM search_spaces WHERE benchmark = ?1 AND source_hash = ?2");
    // Base's stored answers for the old text (base_answer_cache.hpp) go with it, where the file has them.
    const bool has_answers =
        connection_->prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'base_answers'").step();
    std::optional<SqliteStatement> remove_answers;
    if (has_answers) {
      remove_answers.emplace(
          connection_->prepare("DELETE FROM base_answers WHERE benchmark = ?1 AND source_hash = ?2"));
    }
    std::vector<std::size_t> removed;
    for (const auto& [benchmark, hash] : versions) {
      count.bind(1, benchmark).bind(2, hash);
      count.step();
      removed.push_back(static_cast<std::size_t>(count.integer(0)));
      count.reset();
      remove.bind(1, benchmark).bind(2, hash).run();
      remove_space.bind(1, benchmark).bind(2, hash).run();
      if (remove_answers) remove_answers->bind(1, benchmark).bind(2, hash).run();
    }
    transaction.commit();
    return removed;
  });
}

}  // namespace policytune
