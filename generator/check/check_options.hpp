#pragma once

#include <optional>

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
  // Where several devices measured this device's architecture, the policies `generate --prefer`
  // renders from these ship, and are checked here; drift is judged by this device's own medians.
  std::vector<std::string> preferred_devices;
  RunOptions measuring;  // build directory, compiler, sampling, axis filters, devices
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

}  // namespace policytune
