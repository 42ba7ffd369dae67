#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "store/results_database.hpp"

namespace policytune {

// A Kernel Tuner cache file (JSON, optionally gzipped): device_name, kernel_name, problem_size,
// tune_params_keys, tune_params and `cache`, a dict of configurations keyed by their comma-joined
// parameter values. A failure is a string in `time` ("CompilationFailedConfig",
// "RuntimeFailedConfig", "InvalidConfig") or, in older files, the value 1e20.
struct KernelTunerImport {
  std::vector<Measurement> measurements;  // one per configuration, plus the copy stored as base
  SearchSpaceRecord space;                // size = the configurations the file holds
  std::string base_configuration;         // the cache key that stands in for base
};

// Converts a cache file. Kernel Tuner has no default configuration, so `base_key` (a cache key
// such as "16,1,1,1,0,0,0,1,15,15") chooses the one every score is relative to; by default the
// file's first successful configuration stands in. Throws UserError (file:line) on malformed input.
KernelTunerImport import_kernel_tuner(const std::string& path, const std::optional<std::string>& base_key);

}  // namespace policytune
