#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/measurement_validation.hpp"
#include "protocol/harness_protocol.hpp"
#include "space/axis_filter.hpp"

namespace policytune {

// What one run of a benchmark binary was asked for. The binary can print any JSON: a state it was
// not asked for, or whose numbers cannot be a measurement, must not be stored as ok (a median of
// 1e-300 s would rank first and be shipped).
struct RunRequest {
  const std::vector<HarnessEntry>& entries;  // base's listing
  std::string ct_workload;
  const std::vector<AxisFilter>& filters;  // the runtime values the run was limited to
};

// Why `state` answers a question `request` did not ask (an entry, workload or runtime value it was
// not run for), or nullopt. Such a state's key cannot be trusted, so nothing of it may be stored.
std::optional<std::string> request_violation(const HarnessState& state, const RunRequest& request);

// Why an ok state's numbers are not a measurement (too few samples, times that are not finite or
// under a nanosecond, a median outside [min, max], a negative bandwidth), or nullopt.
std::optional<std::string> measurement_violation(const HarnessState& state, std::int64_t min_samples);

}  // namespace policytune
