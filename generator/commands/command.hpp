#pragma once

#include <CLI/CLI.hpp>

#include "search/search.hpp"
#include "select/dispatch_selection.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace policytune {

// What a parsed subcommand does; returns the process exit code.
using RunCommand = std::function<int()>;

// One subcommand of `policytune`, kept in one table (as ninja keeps its tools): `setup` declares
// the subcommand's options on `app` and returns what to run once the command line is parsed.
struct Command {
  const char* name;
  const char* summary;
  RunCommand (*setup)(CLI::App& app);
};

const std::vector<Command>& all_commands();

// Shared option: the results database, `policytune.db` unless --db says otherwise.
void add_database_option(CLI::App& app, std::string& path);

// How benchmarks are built and measured: options shared by search and check, so that a check
// measures as the search did.
struct MeasurementCommandOptions {
  SearchOptions search;
  std::vector<std::string> axis_specs;
  std::vector<std::string> include_directories;
  std::uint64_t build_cache_mib = CompilerOptions{}.build_cache_size >> 20;  // --build-cache-size

  // The options with axis filters parsed and the harness directory first on the include path.
  SearchOptions resolved() const;
};
void add_measurement_options(CLI::App& app, MeasurementCommandOptions& options);
// Its parts: how benchmarks are built (all `policytune pool` takes), and how they are sampled.
void add_build_options(CLI::App& app, MeasurementCommandOptions& options);
void add_sampling_options(CLI::App& app, MeasurementCommandOptions& options);

// A policy per range of one runtime axis: `--dispatch AXIS`, `--max-policies N`, `--threshold F`,
// shared by generate (which renders the ranges) and check (which measures them).
struct DispatchCommandOptions {
  std::string axis;            // --dispatch; empty: one policy per compile-time workload
  long long max_policies = 3;  // signed, so that a negative value is refused rather than wrapped
  double threshold = DispatchOptions{}.threshold;

  // --max-policies and --threshold validated (UserError otherwise), with `axis` as given.
  DispatchOptions validated() const;
  // nullopt without --dispatch, else validated(); the limits are validated either way.
  std::optional<DispatchOptions> resolved() const;
};
// --max-policies and --threshold alone (analyze takes --dispatch as a flag).
void add_dispatch_limit_options(CLI::App& app, DispatchCommandOptions& options);
// --dispatch AXIS, described by `help`, and the limits.
void add_dispatch_options(CLI::App& app, DispatchCommandOptions& options, const std::string& help);

RunCommand setup_list(CLI::App& app);
RunCommand setup_analyze(CLI::App& app);
RunCommand setup_import(CLI::App& app);
RunCommand setup_search(CLI::App& app);
RunCommand setup_pool(CLI::App& app);
// "pool DIR: 192 variants of 3 benchmarks in 12 binaries, 41.3 MiB[; full: ...]"
std::string pool_summary(const SearchOptions& options, const SearchEnd::Pool& held);
RunCommand setup_generate(CLI::App& app);
RunCommand setup_check(CLI::App& app);
RunCommand setup_merge(CLI::App& app);
RunCommand setup_prune(CLI::App& app);
RunCommand setup_replay(CLI::App& app);
RunCommand setup_report(CLI::App& app);
RunCommand setup_batch(CLI::App& app);

}  // namespace policytune
