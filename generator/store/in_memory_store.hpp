#pragma once

#include <map>
#include <vector>

#include "store/measurement_key.hpp"
#include "store/results_store.hpp"

namespace policytune {

// A results store that keeps nothing beyond the process: for searches that store nothing
// (--compile-only) and for tests. Same semantics as the SQLite store: a measurement of a key already
// held replaces the held one in its place; search spaces are kept per benchmark source.
class InMemoryStore final : public ResultsStore {
public:
  void record(const Measurement& measurement) override;
  void record(const std::vector<Measurement>& measurements) override;
  void record(const SearchSpaceRecord& space) override;
  void record(const std::vector<SearchSpaceRecord>& spaces, const std::vector<Measurement>& measurements) override;

  std::vector<Measurement> measurements() override { return rows_; }
  std::vector<Measurement> measurements(const MeasurementScope& scope) override;
  std::vector<SearchSpaceRecord> search_spaces() override { return spaces_; }

private:
  std::vector<Measurement> rows_;
  std::map<MeasurementKey, std::size_t> row_of_;  // key -> index into rows_
  std::vector<SearchSpaceRecord> spaces_;
};

}  // namespace policytune
