#include "run/measurement_lanes.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "core/user_error.hpp"

namespace policytune {

std::size_t lane_count(unsigned requested, std::int64_t visible_devices) {
  const auto visible = static_cast<std::size_t>(std::max<std::int64_t>(1, visible_devices));
  if (requested == 0) return visible;
  if (requested > visible) {
    throw UserError(
        fmt::format("--lanes {}: the benchmark sees {} device{} (a host benchmark sees one): at most "
                    "--lanes {}, one variant per device",
                    requested, visible, visible == 1 ? "" : "s", visible));
  }
  return requested;
}

std::vector<LaneEnvironment> lane_environments(std::size_t lanes, const std::optional<std::string>& visible) {
  if (lanes <= 1) return {LaneEnvironment{}};
  std::vector<std::string> devices;
  if (visible) {
    std::istringstream list(*visible);
    for (std::string device; std::getline(list, device, ',');) devices.push_back(device);
    if (devices.size() < lanes) {
      throw UserError(fmt::format("--lanes {}: CUDA_VISIBLE_DEVICES='{}' lists {} device{}: at most --lanes {}", lanes,
                                  *visible, devices.size(), devices.size() == 1 ? "" : "s",
                                  std::max<std::size_t>(1, devices.size())));
    }
  } else {
    for (std::size_t lane = 0; lane < lanes; ++lane) devices.push_back(std::to_string(lane));  // every device is ours
  }
  std::vector<LaneEnvironment> environments;
  for (std::size_t lane = 0; lane < lanes; ++lane) environments.push_back({"CUDA_VISIBLE_DEVICES=" + devices[lane]});
  return environments;
}

MeasurementLanes lanes_of_process(unsigned requested, std::int64_t visible_devices) {
  const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
  return MeasurementLanes(lane_environments(lane_count(requested, visible_devices),
                                            visible == nullptr ? std::nullopt : std::optional<std::string>(visible)));
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
