#pragma once

#include <string>
#include <vector>

#include "core/measurement.hpp"

namespace policytune {

// What the database remembers of a benchmark's search space, so that analysis and rendering
// work from the database alone (on another machine, without the sources).
struct SearchSpaceRecord {
  std::string benchmark;
  std::string source_hash;
  std::string algorithm;
  std::string size;    // exact decimal: spaces overflow 64 bits
  std::string ranges;  // the %RANGE% lines, one per line, as they were parsed
  // The runtime axes base declared (declared_axes.hpp's JSON), which the score weighs by; empty
  // for searches stored before they were kept.
  std::string runtime_axes;
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

// Where measurements are kept: the SQLite file (results_database.hpp) or, where nothing is to be
// kept (compile-only searches, tests), memory (in_memory_store.hpp). Recording a measurement whose
// key (measurement_key.hpp) is already held replaces the held one, keeping its place in the order.
class ResultsStore {
public:
  virtual ~ResultsStore() = default;

  virtual void record(const Measurement& measurement) = 0;
  virtual void record(const std::vector<Measurement>& measurements) = 0;  // all or none
  virtual void record(const SearchSpaceRecord& space) = 0;
  // The spaces and the rows together, all or none: a failed merge or import leaves no space
  // without its measurements.
  virtual void record(const std::vector<SearchSpaceRecord>& spaces, const std::vector<Measurement>& measurements) = 0;

  virtual std::vector<Measurement> measurements() = 0;  // in the order first recorded
  virtual std::vector<Measurement> measurements(const MeasurementScope& scope) = 0;
  virtual std::vector<SearchSpaceRecord> search_spaces() = 0;
};

// Throws UserError (naming `store` and the row) for a measurement that measurement_fault()
// refuses, dates judged against this machine's clock: no store accepts such a row.
void require_storable(const Measurement& measurement, const std::string& store);

// Whether `measurement` belongs to `scope`.
bool in_scope(const Measurement& measurement, const MeasurementScope& scope);

}  // namespace policytune
