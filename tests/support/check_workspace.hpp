#pragma once

// A workspace for the tests of `policytune check` on host benchmarks whose variants' speeds are
// known (work_k does k units, base 2; sized_work's target_k does 1 + |k - best(N)| passes, base
// 2): real builds, real runs and verification, databases doctored to say what a bad tuning would
// have said. The benchmarks report their modelled time (timer.report_seconds), so no verdict
// depends on this machine's load.

#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "check/regression_check.hpp"
#include "run/compiler.hpp"
#include "run/stream_run_log.hpp"
#include "search/search.hpp"
#include "search/search_progress.hpp"
#include "store/results_database.hpp"
#include "support/shared_build_cache.hpp"
#include "support/temporary_directory.hpp"

namespace policytune::testing {

inline const std::string kWork = POLICYTUNE_TEST_DATA "/check/bench/check/work.cpp";
inline const std::string kSizedWork = POLICYTUNE_TEST_DATA "/check/bench/check/sized_work.cpp";

struct CheckWorkspace {
  TemporaryDirectory directory{"check"};
  std::FILE* quiet = std::fopen("/dev/null", "w");

  ~CheckWorkspace() { std::fclose(quiet); }

  CheckOptions options(const std::string& database, const std::string& source = kWork) const {
    CheckOptions options;
    options.sources = {source};
    options.database = (directory.path() / database).string();
    options.measuring.build_directory = (directory.path() / "build").string();
    options.measuring.compiler.include_directories = default_include_directories();
    options.measuring.compiler.build_cache = shared_build_cache();
    options.measuring.jobs = 2;
    options.measuring.sampling = {10, 0.02, 0.1};
    return options;
  }

  // Every variant searched once; the winner is work_1, about twice as fast as base.
  std::string searched_database() { return copy_of_search("searched.db", kWork); }

  // sized_work's every variant searched once: target_1 wins up to 2^12 elements, target_3 above.
  std::string searched_sized_database() { return copy_of_search("sized.db", kSizedWork); }

  // This workspace's copy of a search run once per process: Catch runs a test case again from the
  // top for each of its sections, and each search compiles, verifies and measures every variant.
  std::string copy_of_search(const std::string& database, const std::string& source) {
    const std::string path = (directory.path() / database).string();
    if (!std::filesystem::exists(path)) std::filesystem::copy_file(searched_once(database, source), path);
    return path;
  }

  static std::string searched_once(const std::string& database, const std::string& source) {
    static CheckWorkspace searches;
    const std::string path = (searches.directory.path() / database).string();
    if (!std::filesystem::exists(path)) {
      const CheckOptions checking = searches.options(database, source);
      SearchOptions search;
      static_cast<RunOptions&>(search) = checking.measuring;
      search.sources = checking.sources;
      search.database = checking.database;
      // The doctored databases below make a variant win by its stored medians alone, as a database
      // without confirmed rows does; a confirmation round would keep such a variant from winning.
      search.confirmation.finalists = 0;
      SearchProgress progress(searches.quiet, ProgressStyle::lines);
      run_search(search, progress);
    }
    return path;
  }

  // A copy of the searched database (or of `from`) with `change` applied to every stored row.
  template <class Change>
  std::string doctored(const std::string& name, Change change, const std::string& from = {}) {
    const std::string path = (directory.path() / name).string();
    std::filesystem::copy_file(from.empty() ? searched_database() : from, path,
                               std::filesystem::copy_options::overwrite_existing);
    ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
    auto rows = database.measurements();
    for (auto& row : rows) change(row);
    database.record(rows);
    return path;
  }

  CheckReport check(const CheckOptions& options) {
    StreamRunLog log(quiet, ProgressStyle::lines);
    return run_check(options, log);
  }
};

inline void scale(Measurement& row, double factor) {
  row.statistics.median *= factor;
  row.statistics.mean *= factor;
  row.statistics.min *= factor;
  row.statistics.max *= factor;
  row.statistics.stddev *= factor;
}

// The power-of-two exponent of a sized_work runtime workload: `Elements{io}[pow2]=12` -> 12.
inline int exponent_of(const std::string& rt_workload) {
  return std::stoi(rt_workload.substr(rt_workload.find('=') + 1));
}

// The rows of `report` at the boundaries of `range`.
inline std::vector<CheckRow> rows_of(const CheckReport& report, const std::string& range) {
  std::vector<CheckRow> rows;
  for (const auto& row : report.rows) {
    if (row.range == range) rows.push_back(row);
  }
  return rows;
}

}  // namespace policytune::testing
