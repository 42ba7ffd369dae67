#include "kernel_tuner/landscape.hpp"

#include <algorithm>

#include "core/user_error.hpp"
#include "kernel_tuner/kernel_tuner_cache.hpp"

namespace policytune {

std::size_t Landscape::PointHash::operator()(const Point& point) const noexcept {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a over the indices
  for (const std::uint64_t index : point) {
    hash ^= index;
    hash *= 1099511628211ull;
  }
  return static_cast<std::size_t>(hash);
}

std::vector<std::pair<Point, std::optional<double>>> Landscape::results() const {
  return {times_.begin(), times_.end()};
}

Landscape Landscape::read(const std::string& path) {
  using Json = KernelTunerCache::Json;
  const KernelTunerCache file = read_kernel_tuner_cache(path);
  const Json& document = file.document;
  if (!document.contains("tune_params") || !document["tune_params"].is_object()) {
    throw UserError(path, file.line_of_key("tune_params"),
                    "Kernel Tuner cache needs 'tune_params' (an object of value lists)");
  }
  const Json& tune_params = document["tune_params"];
  std::vector<const Json*> values;  // per axis, the value list
  Landscape landscape;
  for (const auto& parameter : file.parameters) {
    const auto at = tune_params.find(parameter);
    if (at == tune_params.end() || !at->is_array() || at->empty()) {
      throw UserError(path, file.line_of_key("tune_params"),
                      "tune_params needs a non-empty list of values for '" + parameter + "'");
    }
    for (auto value = at->begin(); value != at->end(); ++value) {
      if (std::find(at->begin(), value, *value) != value) {
        throw UserError(path, file.line_of_key("tune_params"),
                        "tune_params lists " + value->dump() + " twice for '" + parameter + "'");
      }
    }
    values.push_back(&*at);
    landscape.axis_sizes_.push_back(at->size());
    landscape.parameters_.push_back(parameter);
    auto& texts = landscape.values_.emplace_back();
    for (const auto& value : *at) texts.push_back(value.dump());
  }

  const Json& cache = file.cache();
  for (const std::string& key : file.entry_keys) {  // the file's order
    const Json& entry = cache.at(key);
    const auto fail = [&](const std::string& message) { return UserError(path, file.line_of_entry(key), message); };
    const KernelTunerTime time = entry_time(file, key, entry);
    Point point;
    for (std::size_t axis = 0; axis < file.parameters.size(); ++axis) {
      const std::string& parameter = file.parameters[axis];
      if (!entry.contains(parameter)) throw fail("cache entry '" + key + "' lacks parameter '" + parameter + "'");
      const auto value = std::find(values[axis]->begin(), values[axis]->end(), entry[parameter]);
      if (value == values[axis]->end()) {
        throw fail("cache entry '" + key + "' has " + parameter + " = " + entry[parameter].dump() +
                   ", which tune_params does not list");
      }
      point.push_back(static_cast<std::uint64_t>(value - values[axis]->begin()));
    }
    if (!landscape.times_.emplace(point, time.milliseconds).second) {
      throw fail("cache entry '" + key + "' repeats a configuration listed before");
    }
    if (time.milliseconds && (!landscape.best_time_ || *time.milliseconds < *landscape.best_time_)) {
      landscape.best_time_ = time.milliseconds;
    }
  }
  if (landscape.times_.empty()) throw UserError(path, file.line_of_key("cache"), "the cache holds no configuration");
  // A replay measures strategies by the fraction of the optimum found: without one it means nothing.
  if (!landscape.best_time_)
    throw UserError(path, file.line_of_key("cache"), "every configuration in the cache failed");
  return landscape;
}

}  // namespace policytune
