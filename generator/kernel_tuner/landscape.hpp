#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "space/strategy_space.hpp"

namespace policytune {

// A recorded exhaustive search (a Kernel Tuner cache file) as a space to search again without a
// device: one axis per tune_params_keys entry, its values tune_params[key] in the file's order. A
// configuration the cache lacks was excluded by the kernel's restrictions: it is restricted here.
class Landscape final : public StrategySpace {
public:
  // Throws UserError (file:line) on malformed input.
  static Landscape read(const std::string& path);

  const std::vector<std::uint64_t>& axis_sizes() const override { return axis_sizes_; }
  bool allowed(const Point& point) const override { return times_.count(point) != 0; }

  // The recorded time of an allowed point in milliseconds; nullopt when it failed.
  std::optional<double> time_of(const Point& point) const { return times_.at(point); }
  // The best recorded time; nullopt when every configuration failed.
  std::optional<double> best_time() const { return best_time_; }
  std::size_t configurations() const { return times_.size(); }

  // The parameters' names (the axes, in order) and each axis' values as the file writes them in
  // JSON ("16", "true"): what maps a configuration of one landscape onto another's.
  const std::vector<std::string>& parameters() const { return parameters_; }
  const std::vector<std::vector<std::string>>& values() const { return values_; }
  // Every recorded configuration with its time (nullopt: failed), in no particular order.
  std::vector<std::pair<Point, std::optional<double>>> results() const;

private:
  struct PointHash {
    std::size_t operator()(const Point& point) const noexcept;
  };

  std::vector<std::uint64_t> axis_sizes_;
  std::vector<std::string> parameters_;
  std::vector<std::vector<std::string>> values_;
  std::unordered_map<Point, std::optional<double>, PointHash> times_;
  std::optional<double> best_time_;
};

}  // namespace policytune
