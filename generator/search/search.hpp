#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "search/search_options.hpp"
#include "search/search_progress.hpp"

namespace policytune {

// How many variants one round of a search proposes. `full_round` fills every core with full
// batches; a strategy that learns from results gets at most a quarter of its budget a round (but
// at least one variant per core), so that a small budget on a many-core machine still gives it
// several rounds to learn from instead of one random one. Exhaustive and random walks keep full
// rounds, which batch best.
std::size_t search_round_size(std::size_t full_round, unsigned jobs, std::optional<std::uint64_t> budget,
                              bool strategy_learns) noexcept;

// Builds base and variants of every selected benchmark for every selected compile-time workload,
// runs them through the harness (verify, then sample), and stores each variant's results in one
// transaction as they arrive. Variants already in the database are not measured again. Throws
// UserError when a benchmark is broken (base fails, or every variant of a workload fails).
// With options.pool and compile_only, keeps the builds in that compile pool; with options.pool
// alone, measures the pool's binaries and compiles nothing (UserError when the pool cannot serve
// the sources: another source text, build setup or machine). Says how it ended.
struct SearchEnd {
  bool deadline_reached = false;  // work was left for the same command to resume
  // A pool that was filled: what it holds now, and whether --max-size stopped it.
  struct Pool {
    std::size_t benchmarks = 0;
    std::size_t variants = 0;  // built ones and recorded failures
    std::size_t binaries = 0;
    std::uintmax_t bytes = 0;
    bool full = false;
    std::size_t left_out = 0;  // built, but past --max-size
  };
  std::optional<Pool> pool;
};
SearchEnd run_search(const SearchOptions& options, SearchProgress& progress);

}  // namespace policytune
