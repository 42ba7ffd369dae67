#include "core/measurement.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fmt/format.h>
#include <numeric>
#include <policytune/protocol/status.hpp>

namespace policytune {
namespace {

// The tool's Status is the protocol's status, value for value, so that its names are the ones
// the harness writes and the database stores (protocol/policytune/protocol/status.hpp).
static_assert(protocol::status_count == 7);
static_assert(static_cast<int>(Status::ok) == static_cast<int>(protocol::status::ok));
static_assert(static_cast<int>(Status::build_failed) == static_cast<int>(protocol::status::build_failed));
static_assert(static_cast<int>(Status::build_timeout) == static_cast<int>(protocol::status::build_timeout));
static_assert(static_cast<int>(Status::run_failed) == static_cast<int>(protocol::status::run_failed));
static_assert(static_cast<int>(Status::run_timeout) == static_cast<int>(protocol::status::run_timeout));
static_assert(static_cast<int>(Status::wrong_result) == static_cast<int>(protocol::status::wrong_result));
static_assert(static_cast<int>(Status::skipped) == static_cast<int>(protocol::status::skipped));

}  // namespace

std::string DeviceIdentity::describe() const {
  std::string text = name.empty() ? "unnamed device" : name;
  std::vector<std::string> details;
  if (!compute_capability.empty()) {
    std::string digits = compute_capability;
    digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
    details.push_back("sm_" + digits);
  }
  // For the host, the harness reports hardware threads where a GPU reports SMs, and in the driver's
  // field the kernel's release: the layer between the program and the processor, whose updates
  // (scheduler, mitigations) change timings as a GPU driver's do, so it stays in the device's key;
  // it is shown for what it is.
  const bool host = compute_capability.empty();
  if (sm_count > 0) details.push_back(fmt::format("{} {}", sm_count, host ? "threads" : "SMs"));
  if (!driver.empty()) details.push_back((host ? "kernel " : "driver ") + driver);
  if (!details.empty()) text += " (" + fmt::format("{}", fmt::join(details, ", ")) + ")";
  return text;
}

std::string_view to_string(Status status) noexcept {
  return protocol::status_name(static_cast<protocol::status>(status));
}

std::optional<Status> parse_status(std::string_view text) noexcept {
  protocol::status status = protocol::status::ok;
  if (!protocol::parse_status(text.data(), text.size(), status)) return std::nullopt;
  return static_cast<Status>(status);
}

SampleStatistics summarize(std::vector<double> samples) {
  SampleStatistics statistics;
  if (samples.empty()) return statistics;
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  statistics.count = static_cast<std::int64_t>(n);
  statistics.median = n % 2 == 1 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  statistics.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(n);
  double squares = 0;
  for (double sample : samples) squares += (sample - statistics.mean) * (sample - statistics.mean);
  statistics.stddev = n > 1 ? std::sqrt(squares / static_cast<double>(n - 1)) : 0.0;
  statistics.min = samples.front();
  statistics.max = samples.back();
  return statistics;
}

std::string utc_timestamp() {
  return utc_timestamp(std::chrono::system_clock::to_time_t(std::chrono::system_clock::now()));
}

std::string utc_timestamp(std::time_t time) {
  std::tm utc{};
  gmtime_r(&time, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buffer;
}

double median_noise(const SampleStatistics& s) {
  if (s.count <= 0 || s.median <= 0) return 0;
  return 1.2533 * s.stddev / (s.median * std::sqrt(static_cast<double>(s.count)));
}

std::string architecture_of(const DeviceIdentity& device) {
  if (device.compute_capability.empty()) return "host";
  std::string digits;
  for (char c : device.compute_capability) {
    if (std::isalnum(static_cast<unsigned char>(c))) digits += c;
  }
  return digits;
}

}  // namespace policytune
