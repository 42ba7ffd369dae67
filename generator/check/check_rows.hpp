#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.hpp"

namespace policytune {

// The rows a check compares, looked up by runtime workload: what it measured now, and what the
// database stored for the same device.
using RowKey = std::pair<std::string, std::string>;  // (entry, runtime workload)

// `rows` by runtime workload.
std::map<RowKey, const Measurement*> by_runtime_workload(const std::vector<Measurement>& rows);

// The database's rows of `variant` for one compile-time workload on one device, by runtime workload.
std::map<RowKey, const Measurement*> stored_rows(const std::vector<Measurement>& stored, const std::string& device_name,
                                                 const std::string& ct_workload, const std::string& variant);

// The median stored at `key`, if any.
std::optional<double> stored_median(const std::map<RowKey, const Measurement*>& rows, const RowKey& key);

// A run that produced no state at all (a timeout, a crash, a failed parse): its one row without
// a workload; nullptr for a run that produced states.
const Measurement* whole_run_failure(const std::vector<Measurement>& rows);

}  // namespace policytune
