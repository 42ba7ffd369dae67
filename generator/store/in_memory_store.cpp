#include "store/in_memory_store.hpp"

namespace policytune {

void InMemoryStore::record(const Measurement& measurement) {
  require_storable(measurement, "the in-memory store");
  const auto [found, inserted] = row_of_.try_emplace(measurement_key(measurement), rows_.size());
  if (inserted) {
    rows_.push_back(measurement);
  } else {
    rows_[found->second] = measurement;
  }
}

void InMemoryStore::record(const std::vector<Measurement>& measurements) {
  for (const auto& measurement : measurements) require_storable(measurement, "the in-memory store");
  for (const auto& measurement : measurements) record(measurement);  // nothing here can fail halfway now
}

void InMemoryStore::record(const std::vector<SearchSpaceRecord>& spaces, const std::vector<Measurement>& measurements) {
  for (const auto& measurement : measurements) require_storable(measurement, "the in-memory store");
  for (const auto& space : spaces) record(space);
  record(measurements);
}

void InMemoryStore::record(const SearchSpaceRecord& space) {
  for (auto& held : spaces_) {
    if (held.benchmark == space.benchmark && held.source_hash == space.source_hash) {
      // As the SQLite store: a record without runtime axes keeps those already held.
      const std::string runtime_axes = space.runtime_axes.empty() ? held.runtime_axes : space.runtime_axes;
      held = space;
      held.runtime_axes = runtime_axes;
      return;
    }
  }
  spaces_.push_back(space);
}

std::vector<Measurement> InMemoryStore::measurements(const MeasurementScope& scope) {
  std::vector<Measurement> selected;
  for (const auto& row : rows_) {
    if (in_scope(row, scope)) selected.push_back(row);
  }
  return selected;
}

}  // namespace policytune
