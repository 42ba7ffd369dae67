#pragma once

#include <CLI/CLI.hpp>

#include "../search.hpp"

#include <functional>
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

  // The options with axis filters parsed and the harness directory first on the include path.
  SearchOptions resolved() const;
};
void add_measurement_options(CLI::App& app, MeasurementCommandOptions& options);

RunCommand setup_list(CLI::App& app);
RunCommand setup_analyze(CLI::App& app);
RunCommand setup_import(CLI::App& app);
RunCommand setup_search(CLI::App& app);
RunCommand setup_generate(CLI::App& app);
RunCommand setup_check(CLI::App& app);
RunCommand setup_merge(CLI::App& app);
RunCommand setup_replay(CLI::App& app);

}  // namespace policytune
