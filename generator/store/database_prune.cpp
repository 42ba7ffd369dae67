#include "store/database_prune.hpp"

namespace policytune {

std::vector<PruneOutcome> prune_old_sources(const std::string& database,
                                            const std::map<std::string, std::string>& current_hashes, bool dry_run) {
  // A dry run only reads: it works on a read-only database, and changes no byte of it.
  ResultsDatabase results(database, dry_run ? ResultsDatabase::Mode::read_only : ResultsDatabase::Mode::must_exist);
  std::vector<PruneOutcome> outcomes;
  for (const auto& [benchmark, hash] : current_hashes) outcomes.push_back({benchmark, hash, 0, {}});
  std::vector<std::pair<std::string, std::string>> doomed;
  std::vector<SourceVersion*> doomed_versions;  // where each doomed version's count goes
  for (const auto& version : results.source_versions()) {
    const auto current = current_hashes.find(version.benchmark);
    if (current == current_hashes.end()) continue;
    auto& outcome = outcomes[static_cast<std::size_t>(std::distance(current_hashes.begin(), current))];
    if (version.source_hash == current->second) {
      outcome.current_rows = version.rows;
      continue;
    }
    outcome.old_sources.push_back(version);
  }
  for (auto& outcome : outcomes) {
    for (auto& old : outcome.old_sources) {
      doomed.emplace_back(old.benchmark, old.source_hash);
      doomed_versions.push_back(&old);
    }
  }
  if (dry_run || doomed.empty()) return outcomes;
  // Counted again inside the deleting transaction: a search writing meanwhile cannot skew them.
  const auto removed = results.remove_source_versions(doomed);
  for (std::size_t i = 0; i < removed.size(); ++i) doomed_versions[i]->rows = removed[i];
  return outcomes;
}

}  // namespace policytune
