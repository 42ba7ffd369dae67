#include <unistd.h>

#include <fmt/format.h>

#include <memory>

#include "../process.hpp"
#include "../regression_check.hpp"
#include "../user_error.hpp"
#include "command.hpp"

namespace policytune {

RunCommand setup_check(CLI::App& app) {
  auto options = std::make_shared<MeasurementCommandOptions>();
  auto check = std::make_shared<CheckOptions>();
  app.add_option("files", options->search.sources, "benchmark sources whose shipped policies to check")->required();
  add_measurement_options(app, *options);
  app.add_option("--tolerance", check->tolerance,
                 "a shipped policy may be this much slower than base (or 3x the noise, if larger)")
      ->check(CLI::Range(0.0, 1.0))->capture_default_str();
  app.add_option("--max-drift", check->max_drift, "largest relative change of a median against the database (same device)")
      ->check(CLI::Range(0.0, 100.0))->capture_default_str();
  return [options, check] {
    CheckOptions resolved = *check;
    resolved.measuring = options->resolved();
    for (const auto& source : resolved.measuring.sources) {
      if (access(source.c_str(), R_OK) != 0) throw UserError(source, 0, "cannot read the benchmark source");
    }
    install_interrupt_handlers();
    SearchProgress progress(stderr, isatty(STDERR_FILENO) != 0);
    CheckReport report;
    try {
      report = run_check(resolved, progress);
    } catch (const SearchInterrupted&) {
      fmt::print(stderr, "\npolicytune: interrupted\n");
      return 130;
    }
    if (report.all_skipped()) {
      fmt::print("{}skipped: no device\n", format_check_report(report));
      return 0;
    }
    fmt::print("{}", format_check_report(report));
    std::size_t regressions = 0, drifts = 0, failures = 0;
    for (const auto& row : report.rows) {
      regressions += row.verdict == CheckRow::Verdict::regression;
      drifts += row.verdict == CheckRow::Verdict::drift;
      failures += row.verdict == CheckRow::Verdict::failed;
    }
    if (report.passed()) {
      fmt::print("check passed: {} runtime workloads of shipped policies no slower than base\n", report.rows.size());
      return 0;
    }
    fmt::print("check FAILED: {} regressions, {} drifted from the database, {} failed to run\n", regressions, drifts,
               failures);
    return 1;
  };
}

}  // namespace policytune
