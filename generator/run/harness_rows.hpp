#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/measurement.hpp"
#include "protocol/harness_protocol.hpp"
#include "run/harness_state_validation.hpp"
#include "run/process.hpp"

namespace policytune {

// What one run of a benchmark binary becomes: rows to store. `blank` is the variant's row (this
// benchmark, device, compile-time workload and variant) that each result fills in.

// The run's one failed row when it did not end well (timed out, no device, a crash, a non-zero
// exit); nullopt when it did.
std::optional<Measurement> failed_run_row(const ProcessResult& result, std::chrono::duration<double> timeout,
                                          Measurement blank);

// One row per state the harness reported, each checked against what the run was asked for and the
// protocol: a state nobody asked for makes the whole run one failed row (its key cannot be
// trusted, so neither can the rest); a state reported twice fails both; a state that breaks the
// protocol, or claims a check the benchmark lacks, fails alone. No state at all is a failed run.
std::vector<Measurement> rows_of_run(const HarnessRun& run, const RunRequest& request, const Measurement& blank,
                                     std::int64_t min_samples);

}  // namespace policytune
