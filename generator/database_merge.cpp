#include "database_merge.hpp"

#include <filesystem>
#include <map>
#include <tuple>

#include "results_database.hpp"
#include "user_error.hpp"

namespace policytune {
namespace {

// The database's unique key of a row.
using RowKey = std::tuple<std::string, std::string, std::string, std::int64_t, std::int64_t, bool, std::string,
                          std::string, std::string, std::string, std::string, std::string, std::string, std::string,
                          std::string>;

RowKey key_of(const Measurement& m) {
  return {m.algorithm,      m.benchmark,          m.device.name,      m.device.sm_count, m.device.memory_bus_width,
          m.device.ecc,     m.device.compute_capability, m.device.driver, m.toolkit,      m.library,
          m.source_hash,    m.ct_workload,        m.variant,          m.entry,           m.rt_workload};
}

}  // namespace

MergeSummary merge_databases(const std::string& destination, const std::vector<std::string>& inputs) {
  std::vector<Measurement> incoming;
  std::vector<SearchSpaceRecord> spaces;
  for (const auto& input : inputs) {
    if (!std::filesystem::exists(input)) throw UserError(input, 0, "no such database");
    if (std::filesystem::exists(destination) && std::filesystem::equivalent(input, destination)) {
      throw UserError(input, 0, "is the destination itself");
    }
    ResultsDatabase database(input, ResultsDatabase::Mode::read_only);
    for (auto& row : database.measurements()) incoming.push_back(std::move(row));
    for (auto& space : database.search_spaces()) spaces.push_back(std::move(space));
  }

  ResultsDatabase merged(destination, ResultsDatabase::Mode::create_if_missing);
  std::map<RowKey, std::string> recorded_at;  // what the destination holds, and when it was measured
  for (const auto& row : merged.measurements()) recorded_at[key_of(row)] = row.recorded_at;

  MergeSummary summary;
  std::map<RowKey, Measurement> chosen;  // the newest incoming row per key
  for (auto& row : incoming) {
    auto [slot, inserted] = chosen.try_emplace(key_of(row), row);
    if (!inserted && row.recorded_at > slot->second.recorded_at) slot->second = std::move(row);
  }
  std::vector<Measurement> writes;
  for (auto& [key, row] : chosen) {
    const auto existing = recorded_at.find(key);
    if (existing == recorded_at.end()) {
      ++summary.added;
    } else if (row.recorded_at > existing->second) {
      ++summary.replaced;
    } else {
      ++summary.unchanged;
      continue;
    }
    writes.push_back(std::move(row));
  }
  for (const auto& space : spaces) merged.record(space);
  merged.record(writes);
  return summary;
}

}  // namespace policytune
