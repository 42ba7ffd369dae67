#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "axis_filter.hpp"
#include "compiler.hpp"
#include "search_progress.hpp"

namespace policytune {

// How long and how precisely each benchmark state is sampled (passed to the harness).
struct SamplingSettings {
  std::int64_t min_samples = 10;
  double max_noise = 0.02;  // relative noise of the median
  double max_time = 0.25;   // seconds of sampling per state
};

struct SearchOptions {
  std::vector<std::string> sources;
  std::string benchmark_regex = ".*";
  std::vector<AxisFilter> filters;
  std::string strategy = "auto";
  std::optional<std::uint64_t> budget;  // variants per compile-time workload
  std::optional<double> time_limit;     // seconds per compile-time workload; no new round after it
  std::uint64_t seed = 0;
  bool force = false;  // measure again what the database already holds (rows are replaced)
  bool compile_only = false;  // build the variants, run nothing, store nothing
  // `--shard k/N`: this run searches only the variants whose name hashes to shard k of N, so N
  // machines (a Slurm job array) search disjoint parts that together are the whole search.
  std::uint64_t shard_index = 1;
  std::uint64_t shard_count = 1;
  std::string database = "policytune.db";
  std::string build_directory = "policytune.build";
  CompilerOptions compiler;
  unsigned jobs = 0;  // parallel compiles; 0: every core
  std::size_t batch_size = 0;  // variants per binary; 0: chosen per round (see BenchmarkSession)
  unsigned lanes = 0;  // binaries measured at once, one per GPU; 0: one per visible device
  // CUB's defaults: a variant may take 10x the base build and 50x the base run.
  double build_timeout_factor = 10;
  double run_timeout_factor = 50;
  std::optional<double> build_timeout;  // seconds; overrides the factor
  std::optional<double> run_timeout;
  SamplingSettings sampling;
};

// Whether the variant named `variant` belongs to shard `index` (1-based) of `count`: by a hash of
// the name, so the split is the same on every machine and for every strategy.
// How many variants one round of a search proposes. `full_round` fills every core with full
// batches; a strategy that learns from results gets at most a quarter of its budget a round (but
// at least one variant per core), so that a small budget on a many-core machine still gives it
// several rounds to learn from instead of one random one. Exhaustive and random walks keep full
// rounds, which batch best.
std::size_t search_round_size(std::size_t full_round, unsigned jobs, std::optional<std::uint64_t> budget,
                              bool strategy_learns) noexcept;

bool in_shard(const std::string& variant, std::uint64_t index, std::uint64_t count) noexcept;

// Thrown when Ctrl-C or SIGTERM stopped a search. What was stored stays; the same command resumes.
class SearchInterrupted : public std::runtime_error {
public:
  SearchInterrupted() : std::runtime_error("interrupted") {}
};

// Builds base and variants of every selected benchmark for every selected compile-time workload,
// runs them through the harness (verify, then sample), and stores each variant's results in one
// transaction as they arrive. Variants already in the database are not measured again. Throws
// UserError when a benchmark is broken (base fails, or every variant of a workload fails).
void run_search(const SearchOptions& options, SearchProgress& progress);

}  // namespace policytune
