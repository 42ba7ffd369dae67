#include "store/database_merge.hpp"

#include <filesystem>
#include <map>

#include "core/output_among_inputs.hpp"
#include "core/user_error.hpp"
#include "store/base_answer_cache.hpp"
#include "store/measurement_key.hpp"
#include "store/results_database.hpp"

namespace policytune {
MergeSummary merge_databases(const std::string& destination, const std::vector<std::string>& inputs) {
  std::vector<Measurement> incoming;
  std::vector<SearchSpaceRecord> spaces;
  std::vector<StoredBaseAnswer> answers;  // so that a search on the merged file need not ask base again
  for (const auto& input : inputs) {
    if (!std::filesystem::exists(input)) throw UserError(input, 0, "no such database");
    if (same_file(input, destination)) {
      throw UserError(input, 0, "is the destination itself");
    }
    ResultsDatabase database(input, ResultsDatabase::Mode::read_only);
    for (auto& row : database.measurements()) {
      // Reading checked the numbers; the date is judged here, against this machine's clock: a row
      // dated in the future would replace every row of its key, now and in later merges.
      require_storable(row, input);
      incoming.push_back(std::move(row));
    }
    for (auto& space : database.search_spaces()) spaces.push_back(std::move(space));
    for (auto& answer : read_base_answers(input)) answers.push_back(std::move(answer));
  }

  ResultsDatabase merged(destination, ResultsDatabase::Mode::create_if_missing);
  std::map<MeasurementKey, std::string> recorded_at;  // what the destination holds, and when it was measured
  for (const auto& row : merged.measurements()) recorded_at[measurement_key(row)] = row.recorded_at;

  MergeSummary summary;
  std::map<MeasurementKey, Measurement> chosen;  // the newest incoming row per key
  for (auto& row : incoming) {
    auto [slot, inserted] = chosen.try_emplace(measurement_key(row), row);
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
  merged.record(spaces, writes);
  if (!answers.empty()) {
    BaseAnswerCache cache(destination);
    for (const auto& answer : answers) summary.base_answers += cache.keep_newer(answer) ? 1 : 0;
  }
  return summary;
}

}  // namespace policytune
