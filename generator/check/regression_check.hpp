#pragma once

#include "check/check_options.hpp"
#include "check/check_report.hpp"
#include "run/run_log.hpp"

namespace policytune {

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

}  // namespace policytune
