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
#include "store/results_file.hpp"
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

ResultsDatabase::ResultsDatabase(std::string path, Mode mode) : file_(std::move(path), mode) {
  if (file_.has_schema()) {
    guarded_results_file_opening(file_.path(), [&] { statements_ = std::make_unique<Statements>(file_.connection()); });
  }
}

// The statements go before the file, which gives the file its journal back (results_file.hpp).
ResultsDatabase::~ResultsDatabase() = default;

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
  if (file_.read_only()) throw std::logic_error("writing to " + file_.path() + ", opened read-only");
}

void ResultsDatabase::record(const std::vector<Measurement>& measurements) { record({}, measurements); }

void ResultsDatabase::record(const SearchSpaceRecord& space) { record({space}, {}); }

void ResultsDatabase::record(const std::vector<SearchSpaceRecord>& spaces,
                             const std::vector<Measurement>& measurements) {
  require_writable();
  for (const auto& measurement : measurements) require_storable(measurement, file_.path());
  guarded_results_file(file_.path(), [&] {
    SqliteTransaction transaction(file_.connection());
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
  return guarded_results_file(file_.path(), [&] { return read_rows(statements_->select_measurements); });
}

std::vector<Measurement> ResultsDatabase::measurements(const MeasurementScope& scope) {
  if (!statements_) return {};
  return guarded_results_file(file_.path(), [&] {
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
      return UserError(file_.path(), 0, "damaged database: measurement row " + std::to_string(id) + " " + what);
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
  return guarded_results_file(file_.path(), [&] {
    std::vector<SearchSpaceRecord> rows;
    auto& select = statements_->select_search_spaces;
    while (select.step()) {
      rows.push_back({select.text(0), select.text(1), select.text(2), select.text(3), select.text(4), select.text(5)});
      const SearchSpaceRecord& row = rows.back();
      if (!is_space_size(row.size)) {  // analyze and report read it as a number
        const std::string shown = row.size.size() > 20 ? row.size.substr(0, 20) + "..." : row.size;
        throw UserError(file_.path(), 0,
                        "search space of " + row.benchmark + " (source " + row.source_hash + "): size '" + shown +
                            "' is not a count of variants");
      }
    }
    return rows;
  });
}

std::vector<SourceVersion> ResultsDatabase::source_versions() {
  if (!statements_) return {};
  return guarded_results_file(file_.path(), [&] {
    auto select = file_.connection().prepare(
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
  return guarded_results_file(file_.path(), [&] {
    SqliteTransaction transaction(file_.connection());
    auto count =
        file_.connection().prepare("SELECT count(*) FROM measurements WHERE benchmark = ?1 AND source_hash = ?2");
    auto remove = file_.connection().prepare("DELETE FROM measurements WHERE benchmark = ?1 AND source_hash = ?2");
    auto remove_space =
        file_.connection().prepare("DELETE FROM search_spaces WHERE benchmark = ?1 AND source_hash = ?2");
    // Base's stored answers for the old text (base_answer_cache.hpp) go with it, where the file has them.
    const bool has_answers =
        file_.connection().prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'base_answers'").step();
    std::optional<SqliteStatement> remove_answers;
    if (has_answers) {
      remove_answers.emplace(
          file_.connection().prepare("DELETE FROM base_answers WHERE benchmark = ?1 AND source_hash = ?2"));
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
