#pragma once

#include <optional>
#include <string>
#include <vector>

#include "measurement.hpp"
#include "search.hpp"
#include "search_progress.hpp"

namespace policytune {

// `policytune check`: benchmark CI. The database says which policy each compile-time workload
// ships on this device's architecture (the winner `generate` renders); the check builds it and
// base again, measures both on the device at hand, and compares.
struct CheckOptions {
  SearchOptions measuring;  // sources, database, build directory, compiler, sampling, axis filters
  // A shipped policy regresses when it is slower than base by more than this or by more than
  // three times the combined noise of both medians, whichever is larger.
  double tolerance = 0.02;
  // Results drift when a median differs from the stored one (same device) by more than this.
  double max_drift = 0.15;
};

// One runtime workload of one shipped policy, measured again.
struct CheckRow {
  std::string benchmark;
  std::string ct_workload;
  std::string rt_workload;  // "entry: workload" when a file has several entries
  std::string variant;      // the shipped policy
  double base_seconds = 0;
  double shipped_seconds = 0;
  double speedup = 0;                   // base / shipped, now
  std::optional<double> stored_speedup;  // from the database, same device
  std::optional<double> drift;           // largest relative change of base or shipped vs stored
  double allowed_slowdown = 0;           // the regression threshold this row was held to
  enum class Verdict { ok, regression, drift, failed } verdict = Verdict::ok;
  std::string reason;  // for failed
};

// What happened to one benchmark source.
struct CheckedBenchmark {
  std::string benchmark;
  std::string device;  // described; empty without one
  std::string note;    // "skipped: no CUDA device", "nothing tuned for ...", "3 shipped policies"
  bool skipped = false;  // no device to measure on
};

struct CheckReport {
  std::vector<CheckedBenchmark> benchmarks;
  std::vector<CheckRow> rows;

  bool passed() const;
  bool all_skipped() const;
};

// Measures every shipped (non-base) policy of every source against base. Throws UserError for
// bad input (missing source, unreadable database, broken base) and SearchInterrupted on Ctrl-C.
CheckReport run_check(const CheckOptions& options, SearchProgress& progress);

// The report as a table a person reads in a CI log, then one line per benchmark note.
std::string format_check_report(const CheckReport& report);

std::string_view to_string(CheckRow::Verdict verdict) noexcept;

}  // namespace policytune
