// SPDX-License-Identifier: Apache-2.0
// How long and how precisely a benchmark state is sampled unless told otherwise: one table, read by
// the harness's command line (a benchmark run by hand) and by the tool's RunOptions (every search and
// check, which pass the values on), so that both sample a state alike.
//
// The values are the tool's: every stored measurement was taken with them. The harness's own
// (1 %, 0.5 s) sampled a hand-run state longer than any search ever did.
#pragma once

namespace policytune::protocol
{
/// Samples taken at least, whatever the noise and the time.
inline constexpr long long default_min_samples = 10;

/// The median's relative noise at which sampling stops, in percent as NVBench's --max-noise takes it
/// (0.5 is 0.5 %).
inline constexpr double default_max_noise_percent = 2;

/// Seconds of sampling per state at most, once the minimum count is taken.
inline constexpr double default_max_time_seconds = 0.25;

/// The most samples the harness takes of one state, whatever else is asked.
inline constexpr long long max_sample_count = 100000;
} // namespace policytune::protocol
