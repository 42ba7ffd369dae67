#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace policytune {

// A Kernel Tuner cache file (JSON, optionally gzipped), parsed and checked as far as `import` and
// `replay` both need it: `tune_params_keys` (the parameter names, in order) and `cache`, an object
// of configurations keyed by their comma-joined parameter values. Each entry repeats the
// parameters and has a `time` in milliseconds, or a failure: a string ("CompilationFailedConfig",
// "RuntimeFailedConfig", "InvalidConfig") or, in older files, the value 1e20.
struct KernelTunerCache {
  // Objects keyed in a tree: an insertion-ordered object (nlohmann::ordered_json) looks each key
  // up linearly, which made reading a cache quadratic in its size (a 240 MB file: half an hour).
  using Json = nlohmann::json;
  // A configuration: its key in the cache and its entry.
  using Entry = std::pair<std::string, Json>;

  std::string path;
  std::string text;  // as read, gunzipped
  Json document;     // every member but the cache's entries: "cache" is an empty object here
  std::vector<std::string> parameters;
  std::vector<const Json*> values;  // per parameter, its tune_params list (non-empty, each value once)
  // The cache's entries in the file's order (the default base is the first that succeeded), each
  // key once. A list, not an object: a million configurations are read in one pass, and nothing
  // looks an entry up by its key.
  std::vector<Entry> entries;

  // The line of a top-level key or of a cache entry's key, for messages (0 when not found).
  std::size_t line_of_key(const std::string& key) const;
  std::size_t line_of_entry(const std::string& key, int occurrence = 1) const;
};

// Throws UserError (file:line) for a file that is not such a cache, or whose `tune_params` does
// not list each parameter's values once.
KernelTunerCache read_kernel_tuner_cache(const std::string& path);

// The configuration cache entry `key` stands for: per parameter, the index of its value in
// tune_params. Throws UserError (file:line) for an entry that lacks a parameter, has a value
// tune_params does not list, or whose key does not spell its values as Kernel Tuner joins them
// ("32,0.5"): such an entry is not the configuration its key says, and import and replay would
// each believe a different one.
std::vector<std::size_t> entry_configuration(const KernelTunerCache& cache, const std::string& key,
                                             const KernelTunerCache::Json& entry);

// The `time` of cache entry `key`: milliseconds, or the failure. Throws UserError (file:line)
// for an entry that is not an object, has no time or has one that is neither.
struct KernelTunerTime {
  std::optional<double> milliseconds;
  std::string failure;  // the failure string, or "time 1e20 (failed)"
};
KernelTunerTime entry_time(const KernelTunerCache& cache, const std::string& key, const KernelTunerCache::Json& entry);

}  // namespace policytune
