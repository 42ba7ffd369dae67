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
  const KernelTunerCache file = read_kernel_tuner_cache(path);
  Landscape landscape;
  for (std::size_t axis = 0; axis < file.parameters.size(); ++axis) {
    landscape.axis_sizes_.push_back(file.values[axis]->size());
    landscape.parameters_.push_back(file.parameters[axis]);
    auto& texts = landscape.values_.emplace_back();
    for (const auto& value : *file.values[axis]) texts.push_back(value.dump());
  }

  landscape.times_.reserve(file.entries.size());
  for (const auto& [key_in_file, entry] : file.entries) {  // the file's order
    const std::string& key = key_in_file;                  // a variable, which lambdas can capture
    const auto fail = [&](const std::string& message) { return UserError(path, file.line_of_entry(key), message); };
    const KernelTunerTime time = entry_time(file, key, entry);
    Point point;
    for (const std::size_t index : entry_configuration(file, key, entry)) point.push_back(index);
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
