#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/measurement.hpp"

namespace policytune {

// Measurement lanes: with several GPUs visible, built variants are measured at once, one binary
// per device, each run pinned to its lane's device with CUDA_VISIBLE_DEVICES. Work that compares
// runs with one another (a confirmation's interleaved rounds, a check of base against the shipped
// policy) stays on one lane, the first: two devices of one model still differ.

// What a lane adds to a run's environment ("NAME=value").
using LaneEnvironment = std::vector<std::string>;

// How many lanes: `requested` (RunOptions::lanes), or one per visible device where it is 0. More
// lanes than visible devices would run several variants on one device at once (or on devices
// outside this job's allocation): UserError naming how many are visible. A host benchmark reports
// one device.
std::size_t lane_count(unsigned requested, std::int64_t visible_devices);

// One environment per lane: nothing to add for a single lane; else lane i sees only the i-th
// device this process may use: the i-th entry (an index or a UUID) of `visible`, the process's own
// CUDA_VISIBLE_DEVICES, where it is set, else device i. Never a device outside that list: more
// lanes than it has entries is a UserError.
std::vector<LaneEnvironment> lane_environments(std::size_t lanes, const std::optional<std::string>& visible);

class MeasurementLanes;

// The lanes of this process on a device that reported `visible_devices`: lane_count() of them,
// over the devices CUDA_VISIBLE_DEVICES lists (all of the machine's where it is unset).
MeasurementLanes lanes_of_process(unsigned requested, std::int64_t visible_devices);

class MeasurementLanes {
public:
  // Runs one index's variant in a lane's environment; a failure is a row, not an exception.
  using Measure = std::function<std::vector<Measurement>(std::size_t index, const LaneEnvironment& lane)>;
  // Takes one index's rows and gives its cost (nullopt: failed); called from the lanes at once.
  using Book = std::function<std::optional<double>(std::size_t index, const std::vector<Measurement>& rows)>;

  explicit MeasurementLanes(std::vector<LaneEnvironment> environments);

  std::size_t size() const noexcept { return environments_.size(); }
  // Where work that must stay on one device runs.
  const LaneEnvironment& first() const noexcept { return environments_.front(); }

  // Measures indices [0, count) across the lanes, each lane taking the next index when it is free,
  // and books each index's rows as they come; returns the costs, by index. An exception in any
  // lane (Interrupted on Ctrl-C, a store that cannot write) stops every lane from taking
  // more and is thrown again, the first one, once all have ended.
  std::vector<std::optional<double>> measure(std::size_t count, const Measure& measure, const Book& book) const;

private:
  std::vector<LaneEnvironment> environments_;
};

}  // namespace policytune
