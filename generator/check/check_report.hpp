#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policytune {

// What a check found (check/regression_check.hpp runs it, check_report_formats.hpp writes it).

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

std::string_view to_string(CheckRow::Verdict verdict) noexcept;

}  // namespace policytune
