#include "run/measurement_lanes.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <sstream>
#include <thread>

namespace policytune {

std::size_t lane_count(unsigned requested, std::int64_t visible_devices) noexcept {
  if (requested != 0) return requested;
  return static_cast<std::size_t>(std::max<std::int64_t>(1, visible_devices));
}

std::vector<LaneEnvironment> lane_environments(std::size_t lanes, const std::string& visible) {
  if (lanes <= 1) return {LaneEnvironment{}};
  std::vector<std::string> devices;
  std::istringstream list(visible);
  for (std::string device; std::getline(list, device, ',');) devices.push_back(device);
  std::vector<LaneEnvironment> environments;
  for (std::size_t lane = 0; lane < lanes; ++lane) {
    const std::string device = lane < devices.size() ? devices[lane] : std::to_string(lane);
    environments.push_back({"CUDA_VISIBLE_DEVICES=" + device});
  }
  return environments;
}

MeasurementLanes lanes_of_process(unsigned requested, std::int64_t visible_devices) {
  const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
  return MeasurementLanes(lane_environments(lane_count(requested, visible_devices), visible == nullptr ? "" : visible));
}

MeasurementLanes::MeasurementLanes(std::vector<LaneEnvironment> environments)
    : environments_(environments.empty() ? std::vector<LaneEnvironment>{{}} : std::move(environments)) {}

std::vector<std::optional<double>> MeasurementLanes::measure(std::size_t count, const Measure& measure,
                                                             const Book& book) const {
  std::vector<std::optional<double>> costs(count);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stopped{false};
  std::mutex failure_guard;
  std::exception_ptr failure;  // the first lane's exception (Ctrl-C, a full disk), thrown once all have ended
  const auto lane = [&](const LaneEnvironment& environment) {
    for (std::size_t i = next++; i < count && !stopped; i = next++) {
      try {
        costs[i] = book(i, measure(i, environment));
      } catch (...) {
        const std::lock_guard lock(failure_guard);
        if (!failure) failure = std::current_exception();
        stopped = true;
        return;
      }
    }
  };
  std::vector<std::thread> others;
  const std::size_t lanes = std::min(environments_.size(), count);
  others.reserve(lanes);
  try {
    for (std::size_t l = 1; l < lanes; ++l) others.emplace_back(lane, environments_[l]);
  } catch (...) {  // no thread to be had (a process limit): the lanes started end, then it is thrown
    stopped = true;
    for (auto& thread : others) thread.join();
    throw;
  }
  lane(environments_.front());
  for (auto& thread : others) thread.join();
  if (failure) std::rethrow_exception(failure);
  return costs;
}

}  // namespace policytune
