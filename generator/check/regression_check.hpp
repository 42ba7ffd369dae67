#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "run/run_log.hpp"
#include "run/run_options.hpp"
#include "select/dispatch_selection.hpp"

namespace policytune {

// `policytune check`: benchmark CI. The database says which policy each compile-time workload
// ships on this device's architecture (the winner `generate` renders); the check builds it and
// base again, measures both on the device at hand, and compares.
//
// With `dispatch` (as `generate --dispatch` renders it), a compile-time workload whose dispatch is
// kept ships a policy per range of the dispatch axis instead: the check builds every range's
// variant and the single policy the ranges replaced, measures them and base at each range's
// boundaries (its first and last measured value of the axis) and compares each range's variant
// with base (a regression, as above) and with the single policy: the measured gain, single time /
// range time, against the gain the database's medians of this same device predicted. Workloads
// without a kept dispatch are checked as without `dispatch`.
struct CheckOptions {
  std::vector<std::string> sources;        // the benchmarks whose shipped policies are checked
  std::string database = "policytune.db";  // which policies ship, and the medians drift is judged by
  RunOptions measuring;                    // build directory, compiler, sampling, axis filters, devices
  // A shipped policy regresses when it is slower than base by more than this or by more than
  // three times the combined noise of both medians, whichever is larger. A range of a dispatch
  // loses its gain when the gain falls below min(predicted gain, 1) by more than this or three
  // times the combined noise of the single policy's and the range's medians, whichever is larger.
  double tolerance = 0.02;
  // Results drift when a median of base or of the shipped policy differs from the stored one (same
  // device) by more than this; at a range boundary also when the gain differs from the predicted one
  // by more than this (relative to the prediction).
  double max_drift = 0.15;
  // Also check the policies per range that `select_winners` keeps with these options; nullopt:
  // every workload's single policy.
  std::optional<DispatchOptions> dispatch;
};

// One runtime workload of one shipped policy, measured again. At a dispatch's range boundary the
// shipped policy is the range's variant, and the row also holds the single policy it replaced.
struct CheckRow {
  std::string benchmark;
  std::string ct_workload;
  std::string rt_workload;  // "entry: workload" when a file has several entries
  std::string variant;      // the shipped policy ("base" where a range ships base)
  double base_seconds = 0;
  double shipped_seconds = 0;
  double speedup = 0;                    // base / shipped, now
  std::optional<double> stored_speedup;  // from the database, same device
  std::optional<double> drift;           // largest relative change of base or shipped vs stored
  double allowed_slowdown = 0;           // the regression threshold this row was held to

  // At a range boundary of a dispatch; `range` is empty otherwise and the rest unset.
  std::string range;           // the range this row's value bounds: "2^10..2^12", "2^14"
  std::string single_variant;  // the one policy the dispatch replaced ("base" when base)
  // Where the range's variant is not the single policy (else the gain is 1 and is not checked):
  std::optional<double> single_seconds;  // the single policy's median, now
  std::optional<double> gain;            // single / shipped, now: above 1 where the range's policy is faster
  std::optional<double> predicted_gain;  // the same ratio of the database's medians, same device
  double allowed_loss = 0;               // the gain threshold this row was held to

  enum class Verdict { ok, regression, gain_lost, drift, failed } verdict = Verdict::ok;
  std::string reason;  // for failed
};

// What happened to one benchmark source.
struct CheckedBenchmark {
  std::string benchmark;
  std::string device;  // described; empty without one
  // "skipped: no CUDA device", "nothing tuned for ...", "3 tuned policies checked (...)",
  // "1 tuned policy and 1 dispatch checked (...)" with dispatch.
  std::string note;
  bool skipped = false;  // no device to measure on
};

struct CheckReport {
  std::vector<CheckedBenchmark> benchmarks;
  std::vector<CheckRow> rows;

  bool passed() const;
  bool all_skipped() const;
};

// Measures every shipped (non-base) policy of every source against base, and with
// `options.dispatch` every kept dispatch at its range boundaries. A row's verdict, first that
// applies: `failed` (does not build, run or verify); `regression` (speedup < 1 - allowed_slowdown);
// at a range boundary whose variant is not the single policy, `gain_lost` (gain < min(predicted
// gain, 1) * (1 - allowed_loss), with predicted gain 1 where the database has none for this
// device); `drift` (drift > max_drift, or at a range boundary |gain / predicted gain - 1| >
// max_drift); else `ok`. A dispatch's runs are limited to its boundary values (the harness is
// given them as an axis filter); where an -a filter of the dispatch axis leaves a boundary value
// out, that value is not checked.
// Throws UserError for bad input (missing source, missing or unreadable database, broken base) and
// Interrupted on Ctrl-C.
CheckReport run_check(const CheckOptions& options, RunLog& progress);

// The report as a table a person reads in a CI log, then one line per benchmark note. The columns
// of a dispatch (range, single, single time, gain, predicted) appear when some row has a range,
// `-` where they do not apply.
std::string format_check_report(const CheckReport& report);

std::string_view to_string(CheckRow::Verdict verdict) noexcept;

// The verdict and why, in words: `REGRESSION (slower than base by more than 2.0%)`, `GAIN LOST
// (gain below 0.980)`, `FAILED: <reason>`, `DRIFT`, `ok`.
std::string describe_verdict(const CheckRow& row);

// A median in the unit that reads best: `1.250 ms`, `87.000 us`, `1.200 s`.
std::string human_time(double seconds);

}  // namespace policytune
