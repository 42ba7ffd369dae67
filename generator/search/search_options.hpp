#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "run/interrupted.hpp"
#include "run/pool_setup.hpp"
#include "run/run_options.hpp"

namespace policytune {

// The confirmation round that ends each compile-time workload's search (confirmation.hpp): the
// finalists measured again, interleaved with base, under the same sampling settings.
struct ConfirmationSettings {
  std::size_t finalists = 3;  // best-scored variants re-measured beside base; 0: no confirmation round
  std::size_t rounds = 3;     // each runs every finalist once, the order alternating
};

// What a search is asked to do; how it builds and measures (RunOptions) is what `check`
// (check/regression_check.hpp) shares with it.
struct SearchOptions : RunOptions {
  std::vector<std::string> sources;
  std::string benchmark_regex = ".*";
  std::string strategy = "auto";
  std::optional<std::uint64_t> budget;  // variants per compile-time workload
  std::optional<double> time_limit;     // seconds per compile-time workload; no new round after it
  std::uint64_t seed = 0;
  bool force = false;         // measure again what the database already holds (rows are replaced)
  bool compile_only = false;  // build the variants, run nothing, store nothing
  // A compile pool's folder (run/compile_pool.hpp). With compile_only, the builds are kept there
  // (policytune pool); else the search measures the pool's binaries and compiles nothing.
  std::string pool;
  std::optional<std::uintmax_t> pool_size_limit;  // bytes a pool may grow to
  std::vector<std::string> exclude_stored;        // databases whose variants a pool leaves out
  PoolExpectation pool_expectation;               // what a search of a pool named of the build
  // Minutes of wall-clock time for the whole search: past it, and once a round has measured (so
  // that short visits still progress), no new round, no confirmation, no new workload; what was
  // measured is stored and the same command resumes.
  std::optional<double> deadline_minutes;
  // Where the prior comes from (search_prior.hpp): "auto" (this search's database), "none", or
  // databases; the results of other devices (or of this one under another toolkit, library or
  // benchmark version: stored_prior.hpp) there guide the strategies that take a prior.
  std::vector<std::string> priors{"auto"};
  // `--shard k/N`: this run searches only the variants whose name hashes to shard k of N, so N
  // machines (a Slurm job array) search disjoint parts that together are the whole search.
  std::uint64_t shard_index = 1;
  std::uint64_t shard_count = 1;
  std::string database = "policytune.db";
  ConfirmationSettings confirmation;
};

}  // namespace policytune
