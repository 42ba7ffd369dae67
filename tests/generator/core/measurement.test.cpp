#include "core/measurement.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <regex>

using namespace policytune;

TEST_CASE("a device describes itself with its architecture, SMs (threads on the host) and driver (the host's kernel)",
          "[measurement]") {
  DeviceIdentity gpu{"NVIDIA H200", 132, 6144, true, "9.0", "580.65"};
  CHECK(gpu.describe() == "NVIDIA H200 (sm_90, 132 SMs, driver 580.65)");
  DeviceIdentity host{"Intel Xeon", 2, 0, false, "", ""};
  CHECK(host.describe() == "Intel Xeon (2 threads)");
  host.driver = "6.1.0-18-amd64";  // the harness's uname release
  CHECK(host.describe() == "Intel Xeon (2 threads, kernel 6.1.0-18-amd64)");
  CHECK(DeviceIdentity{}.describe() == "unnamed device");
}

TEST_CASE("architecture_of: the compute capability's digits, 'host' without one", "[measurement]") {
  DeviceIdentity device;
  CHECK(architecture_of(device) == "host");
  device.compute_capability = "9.0";
  CHECK(architecture_of(device) == "90");
  device.compute_capability = "10.0a";
  CHECK(architecture_of(device) == "100a");
}

TEST_CASE("device identities are equal only when every field is", "[measurement]") {
  const DeviceIdentity a{"GPU", 80, 5120, true, "8.0", "550"};
  DeviceIdentity b = a;
  CHECK(a == b);
  b.ecc = false;
  CHECK_FALSE(a == b);
  b = a;
  b.driver = "551";
  CHECK_FALSE(a == b);
}

TEST_CASE("every status reads back from its name; unknown names do not", "[measurement]") {
  for (const Status status : {Status::ok, Status::build_failed, Status::build_timeout, Status::run_failed,
                              Status::run_timeout, Status::wrong_result, Status::skipped}) {
    const auto parsed = parse_status(to_string(status));
    REQUIRE(parsed.has_value());
    CHECK(*parsed == status);
  }
  CHECK(to_string(Status::wrong_result) == "wrong_result");
  CHECK_FALSE(parse_status("OK").has_value());
  CHECK_FALSE(parse_status("").has_value());
}

TEST_CASE("summarize: median of odd and even counts, mean, sample standard deviation, extremes", "[measurement]") {
  const SampleStatistics odd = summarize({3, 1, 2});
  CHECK(odd.count == 3);
  CHECK(odd.median == 2);
  CHECK(odd.mean == 2);
  CHECK(odd.stddev == Approx(1.0));
  CHECK(odd.min == 1);
  CHECK(odd.max == 3);
  const SampleStatistics even = summarize({4, 1, 3, 2});
  CHECK(even.median == 2.5);
  CHECK(even.stddev == Approx(std::sqrt(5.0 / 3.0)));
  const SampleStatistics one = summarize({7});
  CHECK(one.stddev == 0);
  const SampleStatistics none = summarize({});
  CHECK(none.count == 0);
  CHECK(none.median == 0);
}

TEST_CASE("median_noise is 1.2533 s / sqrt(n) relative to the median, 0 without samples", "[measurement]") {
  SampleStatistics statistics;
  statistics.count = 4;
  statistics.median = 2;
  statistics.stddev = 0.5;
  CHECK(median_noise(statistics) == Approx(1.2533 * 0.5 / (2 * 2)));
  statistics.count = 0;
  CHECK(median_noise(statistics) == 0);
  statistics.count = 4;
  statistics.median = 0;
  CHECK(median_noise(statistics) == 0);
}

TEST_CASE("utc_timestamp is ISO 8601 UTC to the second", "[measurement]") {
  CHECK(std::regex_match(utc_timestamp(),
                         std::regex(R"(20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]Z)")));
}

TEST_CASE("a new measurement is ok, measured once, with no bandwidth", "[measurement]") {
  const Measurement row;
  CHECK(row.status == Status::ok);
  CHECK(row.confirmed_rounds == 0);
  CHECK_FALSE(row.bytes_per_second.has_value());
}
