#pragma once

#include <map>
#include <string>
#include <vector>

#include "store/results_database.hpp"

namespace policytune {

// What pruning did (or, dry, would do) to one benchmark.
struct PruneOutcome {
  std::string benchmark;
  std::string current_hash;                // the source file's hash now
  std::size_t current_rows = 0;            // kept
  std::vector<SourceVersion> old_sources;  // dropped (rows: how many), newest first
};

// `policytune prune`: deletes the measurements of every source version of the given benchmarks
// (benchmark name -> its source file's hash now) other than the current one, and their search
// space records, all in one transaction. With `dry_run` only lists them. Other benchmarks are left
// alone. Throws UserError for a missing database.
std::vector<PruneOutcome> prune_old_sources(const std::string& database,
                                            const std::map<std::string, std::string>& current_hashes, bool dry_run);

}  // namespace policytune
