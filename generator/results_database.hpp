#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "measurement.hpp"
#include "sqlite.hpp"

namespace policytune {

// What the database remembers of a benchmark's search space, so that analysis and rendering
// work from the database alone (on another machine, without the sources).
struct SearchSpaceRecord {
  std::string benchmark;
  std::string source_hash;
  std::string algorithm;
  std::string size;    // exact decimal: spaces overflow 64 bits
  std::string ranges;  // the %RANGE% lines, one per line, as they were parsed
};

// The rows one version of a benchmark's source left: a search keys every row by the source's hash,
// so editing the source (a comment too) starts a new version beside the old one.
struct SourceVersion {
  std::string benchmark;
  std::string source_hash;
  std::size_t rows = 0;
  std::string newest;  // recorded_at of its newest row

  bool operator==(const SourceVersion&) const = default;
};

// The measurements that are comparable with each other: one compile-time workload of one
// benchmark source on one device, toolkit and library.
struct MeasurementScope {
  std::string benchmark;
  DeviceIdentity device;
  std::string toolkit;
  std::string library;
  std::string source_hash;
  std::string ct_workload;

  bool operator==(const MeasurementScope&) const = default;
};

// The SQLite results store: one file, WAL mode, a busy timeout so that concurrent writers (several
// searches, several lanes) wait for each other, every write in a transaction, statements prepared
// once, parameters bound. Measurements are keyed by everything that makes them comparable; writing
// the same key again replaces the old row, so a resumed or repeated search never duplicates.
class ResultsDatabase {
public:
  static constexpr int kSchemaVersion = 1;
  enum class Mode { create_if_missing, must_exist };

  // Throws UserError naming `path` when it is missing (must_exist), not a database, or of
  // another schema version.
  ResultsDatabase(std::string path, Mode mode);
  ~ResultsDatabase();
  ResultsDatabase(const ResultsDatabase&) = delete;
  ResultsDatabase& operator=(const ResultsDatabase&) = delete;

  const std::string& path() const noexcept { return path_; }

  void record(const Measurement& measurement);
  void record(const std::vector<Measurement>& measurements);  // one transaction
  void record(const SearchSpaceRecord& space);

  std::vector<Measurement> measurements();  // in insertion order
  std::vector<Measurement> measurements(const MeasurementScope& scope);
  std::vector<SearchSpaceRecord> search_spaces();

  // Every benchmark source version with measurements, by benchmark, newest first.
  std::vector<SourceVersion> source_versions();
  // Deletes every measurement and the search space record of each (benchmark, source hash) in one
  // transaction; all or nothing. Returns how many measurements each lost, in the order given.
  std::vector<std::size_t> remove_source_versions(const std::vector<std::pair<std::string, std::string>>& versions);

private:
  struct Statements;

  template <typename Action>
  auto guarded(Action&& action) -> decltype(action());
  void enable_write_ahead_log();
  void open_schema();
  void insert(const Measurement& measurement);
  static std::vector<Measurement> read_rows(SqliteStatement& select);

  std::string path_;
  std::unique_ptr<SqliteConnection> connection_;
  std::unique_ptr<Statements> statements_;
};

}  // namespace policytune
