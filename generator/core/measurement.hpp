#pragma once

#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policytune {

// What a result was measured on. Results of different devices, drivers or toolkits never mix.
struct DeviceIdentity {
  std::string name;
  std::int64_t sm_count = 0;
  std::int64_t memory_bus_width = 0;  // bits
  bool ecc = false;
  std::string compute_capability;  // "9.0"; empty for the host
  std::string driver;

  bool operator==(const DeviceIdentity&) const = default;
  // "NVIDIA H200 (sm_90, 132 SMs, driver 580.65)"
  std::string describe() const;
};

// The architecture a device's compute capability names: "9.0" -> "90"; the host -> "host".
std::string architecture_of(const DeviceIdentity& device);

enum class Status { ok, build_failed, build_timeout, run_failed, run_timeout, wrong_result, skipped };

std::string_view to_string(Status status) noexcept;
std::optional<Status> parse_status(std::string_view text) noexcept;

struct SampleStatistics {
  std::int64_t count = 0;
  double median = 0;
  double mean = 0;
  double stddev = 0;
  double min = 0;
  double max = 0;
};

// Summarizes raw samples (seconds). An empty input gives count 0 and zeros.
SampleStatistics summarize(std::vector<double> samples);

// The relative noise of a median from its samples, as the harness estimates it: 1.2533 s / sqrt(n),
// relative to the median. 0 without samples.
double median_noise(const SampleStatistics& statistics);

// One row of the results database: one variant of one benchmark entry measured on one runtime
// workload. A failure that happens before any workload runs (a build failure) is stored once
// with an empty runtime workload and applies to all of them.
struct Measurement {
  std::string algorithm;  // "reduce"
  std::string benchmark;  // "reduce.sum"
  DeviceIdentity device;
  std::string toolkit;      // "CUDA 13.0" or the host compiler
  std::string library;      // "CCCL 3.0.1"
  std::string source_hash;  // of the benchmark source
  std::string ct_workload;  // "T{ct}=I32,OffsetT{ct}=I64"
  std::string variant;      // "ipt_13.tpb_256" or "base"
  std::string entry;        // the benchmark function inside the file (NVBench's set_name)
  std::string rt_workload;  // "Elements{io}[pow2]=16"
  Status status = Status::ok;
  std::string reason;  // why it failed, short
  SampleStatistics statistics;
  std::optional<double> bytes_per_second;  // achieved global memory bandwidth, when reported
  std::string recorded_at;                 // ISO 8601 UTC
  // How many interleaved rounds of a search's confirmation (confirmation.hpp) these statistics
  // pool; 0 for a row measured once, during the search. Where a workload holds confirmed rows,
  // only the variants they cover may win it (confirmed_variants.hpp).
  std::int64_t confirmed_rounds = 0;
};

// The current time as ISO 8601 UTC, as stored in recorded_at.
std::string utc_timestamp();
std::string utc_timestamp(std::time_t time);

}  // namespace policytune
