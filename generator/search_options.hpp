#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "axis_filter.hpp"
#include "compiler.hpp"

namespace policytune {

// What a search is asked to do, and how it builds and measures: `search` takes all of it, `check`
// (regression_check.hpp) the building and measuring.
// How long and how precisely each benchmark state is sampled (passed to the harness).
struct SamplingSettings {
  std::int64_t min_samples = 10;
  double max_noise = 0.02;  // relative noise of the median
  double max_time = 0.25;   // seconds of sampling per state
};

// The confirmation round that ends each compile-time workload's search (confirmation.hpp): the
// finalists measured again, interleaved with base, under the same sampling settings.
struct ConfirmationSettings {
  std::size_t finalists = 3;  // best-scored variants re-measured beside base; 0: no confirmation round
  std::size_t rounds = 3;     // each runs every finalist once, the order alternating
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
  // Where the prior comes from (search_prior.hpp): "auto" (this search's database), "none", or
  // databases; the results of other devices there guide the strategies that take a prior.
  std::vector<std::string> priors{"auto"};
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
  ConfirmationSettings confirmation;
};

// Thrown when Ctrl-C or SIGTERM stopped a search. What was stored stays; the same command resumes.
class SearchInterrupted : public std::runtime_error {
public:
  SearchInterrupted() : std::runtime_error("interrupted") {}
};

}  // namespace policytune
