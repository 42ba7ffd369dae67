#include "run/harness_rows.hpp"

#include <fmt/format.h>

#include <map>
#include <string>
#include <utility>

#include "core/comment_text.hpp"
#include "run/tool_output.hpp"

namespace policytune {
namespace {

// `row` as a failed run: whatever it measured is dropped, so that nothing of it is stored as a time.
Measurement failed(Measurement row, const std::string& reason) {
  row.status = Status::run_failed;
  row.reason = one_line_text(reason);  // it may quote what the benchmark printed
  row.statistics = {};
  row.bytes_per_second.reset();
  return row;
}

// `row` filled in with what a harness state reported, unless the state breaks the protocol or
// claims a check the benchmark lacks.
Measurement row_of_state(const HarnessState& state, Measurement row, std::int64_t min_samples) {
  const auto violation = measurement_violation(state, min_samples);
  row.entry = state.entry;
  row.rt_workload = state.rt_workload;
  row.status = state.status;
  row.reason = one_line_text(state.reason);  // the benchmark's words, stored and printed on one line
  row.statistics = state.statistics;
  row.bytes_per_second = state.bytes_per_second;
  if (violation) return failed(std::move(row), "harness reported " + *violation);
  if (row.status == Status::ok && !state.verified && row.variant != "base") {
    row.status = Status::wrong_result;
    row.reason = "not verified: the benchmark declares no check (state.verify_with)";
  }
  return row;
}

}  // namespace

std::optional<Measurement> failed_run_row(const ProcessResult& result, std::chrono::duration<double> timeout,
                                          Measurement blank) {
  if (result.timed_out) {
    blank.status = Status::run_timeout;
    blank.reason = fmt::format("ran longer than {:.1f} s", timeout.count());
    return blank;
  }
  if (result.exit_code == kHarnessNoDeviceExit) {
    blank.status = Status::skipped;
    blank.reason = "no CUDA device";
    return blank;
  }
  if (!result.succeeded()) {
    std::string reason = result.describe();
    const std::string err = tail_of(result.err, 1);
    if (!err.empty()) reason += ": " + err;
    return failed(std::move(blank), reason);
  }
  return std::nullopt;
}

std::vector<Measurement> rows_of_run(const HarnessRun& run, const RunRequest& request, const Measurement& blank,
                                     std::int64_t min_samples) {
  std::map<std::pair<std::string, std::string>, std::size_t> reported;  // (entry, rt_workload) -> row
  std::vector<Measurement> rows;
  for (const auto& state : run.states) {
    if (const auto unasked = request_violation(state, request)) return {failed(blank, "harness reported " + *unasked)};
    Measurement m = row_of_state(state, blank, min_samples);
    const auto [earlier, first_time] = reported.emplace(std::pair{m.entry, m.rt_workload}, rows.size());
    if (!first_time) {
      // Two answers to one question: neither can be trusted.
      rows[earlier->second] = failed(std::move(rows[earlier->second]), "harness reported this state twice");
      continue;
    }
    rows.push_back(std::move(m));
  }
  if (rows.empty()) return {failed(blank, "ran no state of this workload")};
  return rows;
}

}  // namespace policytune
