// Which device's results a header comes from: recorded, given, or neither; exact or nearest.
#include "select/device_match.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"

using namespace policytune;

namespace {

Measurement device_match_row(const std::string& benchmark, const std::string& device, const std::string& capability) {
  Measurement m;
  m.benchmark = benchmark;
  m.device.name = device;
  m.device.compute_capability = capability;
  return m;
}

WinnerOptions for_device(const std::string& device, DeviceMatch match) {
  WinnerOptions options;
  options.benchmark = "reduce.sum";
  options.device = device;
  options.match = match;
  return options;
}

}  // namespace

TEST_CASE("a measured device: its architecture as the database records it", "[device_match]") {
  const std::vector<Measurement> rows{device_match_row("reduce.sum", "H100", "9.0")};
  auto options = for_device("H100", DeviceMatch::exact);
  match_device(rows, "", "db", options);
  CHECK(options.device_architecture == "90");
  auto contradicted = for_device("H100", DeviceMatch::exact);
  CHECK_THROWS_WITH(match_device(rows, "100", "db", contradicted),
                    "db: --device-arch 100: the database records 'H100' as sm_90");
}

TEST_CASE("a device without results: refused when exact, served by its architecture when nearest", "[device_match]") {
  const std::vector<Measurement> rows{device_match_row("reduce.sum", "H100", "9.0"),
                                      device_match_row("scan.exclusive.sum", "B200", "10.0")};
  auto exact = for_device("A100", DeviceMatch::exact);
  CHECK_THROWS_WITH(match_device(rows, "80", "db", exact),
                    "db: --device 'A100': no results of reduce.sum from that device");
  auto nearest = for_device("A100", DeviceMatch::nearest);
  match_device(rows, "80", "db", nearest);
  CHECK(nearest.device_architecture == "80");
  auto recorded_elsewhere = for_device("B200", DeviceMatch::nearest);  // another benchmark's rows know it
  match_device(rows, "", "db", recorded_elsewhere);
  CHECK(recorded_elsewhere.device_architecture == "100");
  auto unknown = for_device("X1", DeviceMatch::nearest);
  CHECK_THROWS_WITH(match_device(rows, "", "db", unknown),
                    Catch::EndsWith("nor its architecture: say it with --device-arch (such as 100)"));
}
