// The sampling defaults both ends read (protocol/policytune/protocol/sampling_defaults.hpp): the
// harness's stopping rule for a benchmark run by hand and the tool's RunOptions are the same table.
#include <policytune/bench/stats.hpp>
#include <policytune/protocol/sampling_defaults.hpp>

#include <catch2/catch.hpp>

#include "run/run_options.hpp"

TEST_CASE("sampling defaults: the harness and the tool start from the one table", "[protocol][sampling_defaults]") {
  namespace protocol = policytune::protocol;
  const policytune::SamplingSettings tool;
  const policytune::bench::run_settings harness;
  CHECK(tool.min_samples == protocol::default_min_samples);
  CHECK(tool.max_noise_percent == protocol::default_max_noise_percent);
  CHECK(tool.max_time == protocol::default_max_time_seconds);
  CHECK(harness.min_samples == tool.min_samples);
  CHECK(harness.max_noise == tool.max_noise_percent / 100);  // the harness compares fractions
  CHECK(harness.max_time == tool.max_time);
  CHECK(policytune::bench::run_settings::max_sample_count == protocol::max_sample_count);
}

TEST_CASE("sampling defaults: the values every stored measurement was taken with", "[protocol][sampling_defaults]") {
  // Changing one samples new measurements differently from the stored ones: say so in the results.
  CHECK(policytune::protocol::default_min_samples == 10);
  CHECK(policytune::protocol::default_max_noise_percent == 2);
  CHECK(policytune::protocol::default_max_time_seconds == 0.25);
  CHECK(policytune::protocol::max_sample_count == 100000);
}
