#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.hpp"
#include "store/results_file.hpp"
#include "store/results_store.hpp"
#include "store/sqlite.hpp"

namespace policytune {

// The rows one version of a benchmark's source left: a search keys every row by the source's hash,
// so editing the source (a comment too) starts a new version beside the old one.
struct SourceVersion {
  std::string benchmark;
  std::string source_hash;
  std::size_t rows = 0;
  std::string newest;  // recorded_at of its newest row

  bool operator==(const SourceVersion&) const = default;
};

// The SQLite results store: one file (opened as results_file.hpp says, its layout in
// results_schema.hpp), every write in a transaction, statements prepared once, parameters bound. Measurements are keyed by everything that makes them comparable; writing
// the same key again replaces the old row, so a resumed or repeated search never duplicates.
class ResultsDatabase final : public ResultsStore {
public:
  using Mode = ResultsFileMode;  // how the file is opened (results_file.hpp)

  // Throws UserError naming `path` when it is missing (must_exist, read_only), not a database, or
  // of another schema version; EnvironmentError when a writing mode finds it read-only.
  ResultsDatabase(std::string path, Mode mode);
  ~ResultsDatabase() override;
  ResultsDatabase(const ResultsDatabase&) = delete;
  ResultsDatabase& operator=(const ResultsDatabase&) = delete;

  const std::string& path() const noexcept { return file_.path(); }

  void record(const Measurement& measurement) override;
  void record(const std::vector<Measurement>& measurements) override;  // one transaction
  void record(const SearchSpaceRecord& space) override;
  void record(const std::vector<SearchSpaceRecord>& spaces, const std::vector<Measurement>& measurements) override;

  std::vector<Measurement> measurements() override;  // in insertion order
  std::vector<Measurement> measurements(const MeasurementScope& scope) override;
  std::vector<SearchSpaceRecord> search_spaces() override;

  // Every benchmark source version with measurements, by benchmark, newest first.
  std::vector<SourceVersion> source_versions();
  // Deletes every measurement and the search space record of each (benchmark, source hash) in one
  // transaction; all or nothing. Returns how many measurements each lost, in the order given.
  std::vector<std::size_t> remove_source_versions(const std::vector<std::pair<std::string, std::string>>& versions);

private:
  struct Statements;

  // The device of the row a transaction stored last, and its id: the rows that follow on it look
  // it up no more (an import of a million rows was three statements a row).
  struct StoredDevice {
    DeviceIdentity device;
    std::int64_t id = 0;
  };
  void insert(const Measurement& measurement, std::optional<StoredDevice>& last_device);
  void insert(const SearchSpaceRecord& space);
  void require_writable() const;
  // Throws UserError naming the row for one that no store would have accepted (damaged, or
  // written by hand): text in a numeric column, a dangling device, statistics that are no measurement.
  std::vector<Measurement> read_rows(SqliteStatement& select) const;

  ResultsFile file_;                        // before the statements, which go first at close
  std::unique_ptr<Statements> statements_;  // null for an empty file opened read-only: nothing to read
};

}  // namespace policytune
