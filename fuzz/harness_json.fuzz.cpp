// What a benchmark binary prints: --list, --device and run documents, and the checks of each state
// against a request. Bad input must be MalformedHarnessOutput.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "protocol/harness_protocol.hpp"
#include "run/harness_state_validation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace policytune;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<HarnessEntry> entries;
  try {
    entries = parse_harness_listing(text);
    (void)compile_time_workloads(entries);
  } catch (const MalformedHarnessOutput&) {}
  try {
    (void)parse_harness_device(text);
  } catch (const MalformedHarnessOutput&) {}
  try {
    const HarnessRun run = parse_harness_run(text);
    const std::vector<AxisFilter> filters;
    const RunRequest request{entries, "T{ct}=I32", filters};
    for (const auto& state : run.states) {
      (void)request_violation(state, request);
      (void)measurement_violation(state, 10);
    }
  } catch (const MalformedHarnessOutput&) {}
  return 0;
}
