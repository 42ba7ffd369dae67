#pragma once

#include <vector>

#include "check/check_options.hpp"
#include "check/check_report.hpp"
#include "core/measurement.hpp"
#include "run/benchmark_session.hpp"
#include "run/measurement_lanes.hpp"
#include "run/run_log.hpp"
#include "select/select_winners.hpp"

namespace policytune {

// Checks one kept dispatch of `workload` (`policy.ranges`): each range's variant built and measured
// at the range's boundaries (its first and last measured value of the dispatch axis) with base and
// the single policy the ranges replaced, on `lane`'s device; appends a row per boundary to `report`
// (verdicts as regression_check.hpp says). `stored`: the database's rows of this benchmark source.
void check_dispatch(const CheckOptions& options, BenchmarkSession& session, const LaneEnvironment& lane,
                    RunLog& progress, const CompileTimeWorkload& workload, const WorkloadPolicy& policy,
                    const std::vector<Measurement>& stored, CheckReport& report);

}  // namespace policytune
