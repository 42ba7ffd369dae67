#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <memory>

#include "check/check_report_formats.hpp"
#include "check/regression_check.hpp"
#include "commands/command.hpp"
#include "commands/option_bounds.hpp"
#include "core/output_among_inputs.hpp"
#include "core/output_file.hpp"
#include "core/user_error.hpp"
#include "run/process.hpp"
#include "run/stream_run_log.hpp"

namespace policytune {

namespace {

// Where `check` writes for CI servers besides its plain table.
struct CheckOutputs {
  std::string junit;      // --junit FILE; empty: none
  bool markdown = false;  // --markdown: the table as Markdown instead of plain text
};

JunitContext junit_context() {
  JunitContext context;
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0 && host[0] != '\0') context.hostname = host;
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &utc);
  context.timestamp = stamp;
  return context;
}

// Prints the table (and writes the JUnit file); returns the exit code: 0 passed or skipped, 1 not.
int report_outcome(const CheckReport& report, const CheckOptions& options, const CheckOutputs& outputs) {
  if (!outputs.junit.empty()) write_output_file(outputs.junit, format_check_junit(report, junit_context()));
  const std::string table = outputs.markdown ? format_check_markdown(report) : format_check_report(report);
  if (report.all_skipped()) {
    fmt::print("{}skipped: no device\n", table);
    return 0;
  }
  fmt::print("{}", table);
  std::size_t regressions = 0, gains_lost = 0, drifts = 0, failures = 0;
  for (const auto& row : report.rows) {
    regressions += row.verdict == CheckRow::Verdict::regression;
    gains_lost += row.verdict == CheckRow::Verdict::gain_lost;
    drifts += row.verdict == CheckRow::Verdict::drift;
    failures += row.verdict == CheckRow::Verdict::failed;
  }
  if (report.passed()) {
    const auto boundaries =
        std::count_if(report.rows.begin(), report.rows.end(), [](const CheckRow& row) { return !row.range.empty(); });
    fmt::print("check passed: {} runtime workloads of shipped policies no slower than base{}\n", report.rows.size(),
               boundaries == 0 ? "" : fmt::format(" ({} at dispatch range boundaries, no gain lost)", boundaries));
    return 0;
  }
  if (options.dispatch) {
    fmt::print("check FAILED: {} regressions, {} dispatch gains lost, {} drifted from the database, {} failed to run\n",
               regressions, gains_lost, drifts, failures);
  } else {
    fmt::print("check FAILED: {} regressions, {} drifted from the database, {} failed to run\n", regressions, drifts,
               failures);
  }
  return 1;
}

}  // namespace

RunCommand setup_check(CLI::App& app) {
  auto options = std::make_shared<MeasurementCommandOptions>();
  auto check = std::make_shared<CheckOptions>();
  auto dispatch = std::make_shared<DispatchCommandOptions>();
  auto outputs = std::make_shared<CheckOutputs>();
  app.add_option("files", options->search.sources, "benchmark sources whose shipped policies to check")->required();
  add_measurement_options(app, *options);
  app.add_option("--tolerance", check->tolerance,
                 "a shipped policy may be this much slower than base (or 3x the noise, if larger)")
      ->check(number_between(0, 1))
      ->capture_default_str();
  app.add_option("--max-drift", check->max_drift,
                 "largest relative change of a median (and of a dispatch's gain) against the database (same device)")
      ->check(number_between(0, 100))
      ->capture_default_str();
  app.add_option("--prefer", check->preferred_devices,
                 "where several devices measured this one's architecture: check the policies generate --prefer "
                 "renders from the first of these (by name) that did, as the shipped hubs are; repeatable")
      ->allow_extra_args(false);
  add_dispatch_options(
      app, *dispatch,
      "check the policy per range of this runtime axis (Elements{io}) that generate --dispatch renders: "
      "each range's policy at its boundaries against base and against the one policy it replaced");
  app.add_option(
      "--junit", outputs->junit,
      "also write the rows as JUnit XML to this file (one test case per row; a failure carries the verdict)");
  app.add_flag("--markdown", outputs->markdown, "print the table as Markdown (for a CI job summary)");
  return [options, check, dispatch, outputs] {
    CheckOptions resolved = *check;
    resolved.dispatch = dispatch->resolved();
    const SearchOptions measuring = options->resolved();
    resolved.measuring = static_cast<const RunOptions&>(measuring);
    resolved.sources = measuring.sources;
    resolved.database = measuring.database;
    for (const auto& source : resolved.sources) {
      if (access(source.c_str(), R_OK) != 0) throw UserError(source, 0, "cannot read the benchmark source");
    }
    // Refused before minutes of measuring, not after (write_output_file refuses the rest when it writes).
    if (!outputs->junit.empty() && std::filesystem::is_directory(outputs->junit)) {
      throw UserError(outputs->junit, 0, "--junit names a directory, not a file to write");
    }
    if (!outputs->junit.empty()) {
      std::vector<CommandInput> inputs = database_inputs("--db", resolved.database);
      for (const auto& source : resolved.sources) inputs.push_back(command_input("the benchmark source", source));
      refuse_output_among_inputs("--junit", outputs->junit, inputs);
    }
    install_interrupt_handlers();
    StreamRunLog progress(stderr, isatty(STDERR_FILENO) != 0 ? ProgressStyle::status_line : ProgressStyle::lines);
    CheckReport report;
    try {
      report = run_check(resolved, progress);
    } catch (const Interrupted&) {
      fmt::print(stderr, "\npolicytune: interrupted\n");
      return 130;
    }
    return report_outcome(report, resolved, *outputs);
  };
}

}  // namespace policytune
