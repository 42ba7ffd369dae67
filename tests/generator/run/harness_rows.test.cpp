#include "run/harness_rows.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "space/axis_filter.hpp"

using namespace policytune;

namespace {

// Base's listing of a benchmark with one entry, one compile-time axis and two runtime sizes.
std::vector<HarnessEntry> sum_listing() {
  HarnessAxis type{"T{ct}", HarnessAxis::Kind::type, false, {"I32"}, {"int"}};
  HarnessAxis n{"N", HarnessAxis::Kind::int64, false, {"1000", "2000"}, {}};
  return {HarnessEntry{"sum", {type, n}}};
}

HarnessState ok_state(const std::string& rt_workload, bool verified = true) {
  HarnessState state;
  state.entry = "sum";
  state.ct_workload = "T{ct}=I32";
  state.rt_workload = rt_workload;
  state.status = Status::ok;
  state.verified = verified;
  state.statistics = {20, 1e-3, 1e-3, 1e-5, 9e-4, 1.2e-3};
  return state;
}

Measurement blank_row(const std::string& variant) {
  Measurement row;
  row.benchmark = "tiny.sum";
  row.ct_workload = "T{ct}=I32";
  row.variant = variant;
  return row;
}

struct Asked {
  std::vector<HarnessEntry> entries = sum_listing();
  std::vector<AxisFilter> filters;
  RunRequest request() const { return {entries, "T{ct}=I32", filters}; }
};

}  // namespace

TEST_CASE("each state asked for becomes a row of the variant, filled in", "[harness_rows]") {
  Asked asked;
  HarnessRun run;
  run.states = {ok_state("N=1000"), ok_state("N=2000")};
  const auto rows = rows_of_run(run, asked.request(), blank_row("unroll_2"), 10);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].variant == "unroll_2");
  CHECK(rows[0].benchmark == "tiny.sum");
  CHECK(rows[0].entry == "sum");
  CHECK(rows[1].rt_workload == "N=2000");
  CHECK(rows[1].status == Status::ok);
  CHECK(rows[1].statistics.median == Approx(1e-3));
}

TEST_CASE("what the harness was not asked, reports twice or breaks the protocol is never a measurement",
          "[harness_rows]") {
  Asked asked;
  SECTION("a state nobody asked for fails the whole run") {
    HarnessRun run;
    run.states = {ok_state("N=1000"), ok_state("N=3000")};
    const auto rows = rows_of_run(run, asked.request(), blank_row("unroll_2"), 10);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].status == Status::run_failed);
    CHECK_THAT(rows[0].reason, Catch::StartsWith("harness reported "));
  }
  SECTION("a state reported twice fails once, its other states stay") {
    HarnessRun run;
    run.states = {ok_state("N=1000"), ok_state("N=1000"), ok_state("N=2000")};
    const auto rows = rows_of_run(run, asked.request(), blank_row("unroll_2"), 10);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].status == Status::run_failed);
    CHECK(rows[0].reason == "harness reported this state twice");
    CHECK(rows[1].status == Status::ok);
  }
  SECTION("too few samples: the state fails alone") {
    HarnessRun run;
    run.states = {ok_state("N=1000"), ok_state("N=2000")};
    run.states[0].statistics.count = 3;
    const auto rows = rows_of_run(run, asked.request(), blank_row("unroll_2"), 10);
    CHECK(rows[0].status == Status::run_failed);
    CHECK(rows[0].statistics.count == 0);
    CHECK(rows[1].status == Status::ok);
  }
  SECTION("a variant's unverified state is a wrong result; base's is its reference") {
    HarnessRun run;
    run.states = {ok_state("N=1000", false)};
    CHECK(rows_of_run(run, asked.request(), blank_row("unroll_2"), 10)[0].status == Status::wrong_result);
    CHECK(rows_of_run(run, asked.request(), blank_row("base"), 10)[0].status == Status::ok);
  }
  SECTION("no state at all") {
    const auto rows = rows_of_run(HarnessRun{}, asked.request(), blank_row("unroll_2"), 10);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].reason == "ran no state of this workload");
  }
}

TEST_CASE("a run that did not end well is one row saying why", "[harness_rows]") {
  const std::chrono::duration<double> timeout(2.5);
  ProcessResult ended;
  ended.exit_code = 0;
  CHECK_FALSE(failed_run_row(ended, timeout, blank_row("x")));

  ProcessResult timed_out;
  timed_out.timed_out = true;
  const auto slow = failed_run_row(timed_out, timeout, blank_row("x"));
  REQUIRE(slow);
  CHECK(slow->status == Status::run_timeout);
  CHECK(slow->reason == "ran longer than 2.5 s");

  ProcessResult no_device;
  no_device.exit_code = kHarnessNoDeviceExit;
  CHECK(failed_run_row(no_device, timeout, blank_row("x"))->status == Status::skipped);

  ProcessResult crashed;
  crashed.exit_code = 3;
  crashed.err = "first\nbad things happened\n";
  const auto failed = failed_run_row(crashed, timeout, blank_row("x"));
  REQUIRE(failed);
  CHECK(failed->status == Status::run_failed);
  CHECK(failed->variant == "x");
  CHECK_THAT(failed->reason, Catch::EndsWith(": bad things happened"));
}

TEST_CASE("a benchmark's reason is stored as one printable line: no escape sequence, no line of its own",
          "[harness_rows][tool_output]") {
  // ESC[2J clears a terminal; the newline would print a forged `searched:` line of ours.
  const std::string hostile = "bad\x1b[2J\nsearched: 9 variants measured";
  const std::string shown = "bad\\x1b[2J\\nsearched: 9 variants measured";
  Asked asked;
  HarnessRun run;
  run.states = {ok_state("N=1000")};
  run.states[0].status = Status::wrong_result;
  run.states[0].reason = hostile;
  const auto rows = rows_of_run(run, asked.request(), blank_row("unroll_2"), 10);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].reason == shown);

  ProcessResult crashed;
  crashed.exit_code = 3;
  crashed.err = "\x1b[2J\r\n";
  const auto failed = failed_run_row(crashed, std::chrono::duration<double>(1), blank_row("x"));
  REQUIRE(failed);
  CHECK(failed->reason == "exit code 3: \\x1b[2J");
}
