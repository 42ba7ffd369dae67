#include "select/device_match.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "core/user_error.hpp"

namespace policytune {

void match_device(const std::vector<Measurement>& measurements, const std::string& given_architecture,
                  const std::string& database, WinnerOptions& options) {
  const auto recorded = recorded_architecture(measurements, options.device);
  if (recorded && !given_architecture.empty() && *recorded != given_architecture) {
    throw UserError(database, 0,
                    fmt::format("--device-arch {}: the database records '{}' as sm_{}", given_architecture,
                                options.device, *recorded));
  }
  options.device_architecture = recorded ? *recorded : given_architecture;
  const bool unmeasured = std::none_of(measurements.begin(), measurements.end(), [&](const Measurement& m) {
    return m.benchmark == options.benchmark && m.device.name == options.device;
  });
  if (!unmeasured) return;
  const std::string missing =
      "--device '" + options.device + "': no results of " + options.benchmark + " from that device";
  if (options.match == DeviceMatch::exact) throw UserError(database, 0, missing);
  if (options.device_architecture.empty()) {
    throw UserError(database, 0, missing + ", nor its architecture: say it with --device-arch (such as 100)");
  }
}

}  // namespace policytune
