#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <policytune/protocol/sampling_defaults.hpp>

#include "run/compiler.hpp"
#include "space/axis_filter.hpp"

namespace policytune {

// How long and how precisely each benchmark state is sampled (passed to the harness). The defaults
// are the harness's too (one table, protocol/policytune/protocol/sampling_defaults.hpp), so that a
// benchmark run by hand samples as a search runs it.
struct SamplingSettings {
  std::int64_t min_samples = protocol::default_min_samples;
  // The median's relative noise to reach, in percent: NVBench's unit, which the harness takes too
  // (--max-noise 0.5 is 0.5 % to a CUB author).
  double max_noise_percent = protocol::default_max_noise_percent;
  double max_time = protocol::default_max_time_seconds;  // seconds of sampling per state
};

// How variants are built and measured: what a search (search/search_options.hpp) and a check
// (check/regression_check.hpp) hand to a BenchmarkSession.
struct RunOptions {
  std::vector<AxisFilter> filters;
  std::string build_directory = "policytune.build";
  CompilerOptions compiler;
  unsigned jobs = 0;           // parallel compiles; 0: every core
  std::size_t batch_size = 0;  // variants per binary; 0: chosen per round (see BenchmarkSession)
  unsigned lanes = 0;          // binaries measured at once, one per GPU; 0: one per visible device
  // CUB's defaults: a variant may take 10x the base build and 50x the base run.
  double build_timeout_factor = 10;
  double run_timeout_factor = 50;
  std::optional<double> build_timeout;  // seconds; overrides the factor
  std::optional<double> run_timeout;
  SamplingSettings sampling;
  // Base built for every compile-time workload whatever the filters select (a compile pool's, so
  // that it serves the workloads a later pool command adds).
  bool whole_base = false;
};

}  // namespace policytune
