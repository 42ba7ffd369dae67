#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <policytune/protocol/status.hpp>

#include "core/measurement.hpp"

namespace policytune {

// The JSON a benchmark binary built on bench/policytune/bench.hpp prints (bench/README.md has the
// protocol; protocol/policytune/protocol/ the rules both ends share). Anything else a binary prints
// is MalformedHarnessOutput, which a search records as a run failure of that variant, and which the
// listing and device probe of base report as a UserError naming the benchmark. That includes a
// document of another protocol version: a benchmark built against another PolicyTune's harness.
class MalformedHarnessOutput : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct HarnessAxis {
  enum class Kind { type, int64, float64, string };
  std::string name;  // "T{ct}", "Elements{io}"
  Kind kind = Kind::int64;
  bool pow2 = false;
  std::vector<std::string> values;     // as written in workloads (type labels, pow2 exponents)
  std::vector<std::string> spellings;  // type axes: the C++ type of each value

  bool compile_time() const noexcept { return kind == Kind::type; }
  // The macro that narrows a build to one type: `T{ct}` -> `TUNE_T`.
  std::string tune_macro() const;
};

struct HarnessEntry {
  std::string name;
  std::vector<HarnessAxis> axes;
};

// `--device`: what the binary runs on, or why it cannot run (no CUDA device).
struct HarnessDevice {
  bool available = false;
  std::string reason;  // when not available
  DeviceIdentity device;
  std::string toolkit;
  std::string library;
  // Launch limits a device reports ("max_threads_per_block", "shared_memory_per_block",
  // "shared_memory_per_block_optin"); empty for the host and for harnesses that predate them.
  std::map<std::string, std::int64_t> limits;
  // Devices of this kind the process sees; `policytune search` measures on each (a lane apiece).
  std::int64_t visible_devices = 1;
};

struct HarnessState {
  std::string entry;
  std::string ct_workload;
  std::string rt_workload;
  Status status = Status::ok;
  std::string reason;
  bool verified = false;
  SampleStatistics statistics;
  std::optional<double> bytes_per_second;
};

struct HarnessRun {
  HarnessDevice device;
  std::vector<HarnessState> states;
};

// The exit code with which a harness says "no CUDA device" (automake's "skipped").
inline constexpr int kHarnessNoDeviceExit = protocol::exit_no_device;

std::vector<HarnessEntry> parse_harness_listing(const std::string& text);
HarnessDevice parse_harness_device(const std::string& text);
HarnessRun parse_harness_run(const std::string& text);

// The compile-time workloads of a listing: the Cartesian product of its type axes (shared by all
// entries), as workload strings with the defines that narrow a build to each.
struct CompileTimeWorkload {
  std::string name;  // "T{ct}=F32,OffsetT{ct}=I64", empty when the benchmark has no type axes
  std::vector<std::pair<std::string, std::string>> defines;      // {"TUNE_T", "float"}
  std::vector<std::pair<std::string, std::string>> axis_values;  // {"T{ct}", "F32"}
};
std::vector<CompileTimeWorkload> compile_time_workloads(const std::vector<HarnessEntry>& entries);

}  // namespace policytune
