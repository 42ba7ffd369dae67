#include <fmt/format.h>

#include <map>
#include <memory>

#include "commands/command.hpp"
#include "core/output_among_inputs.hpp"
#include "core/output_file.hpp"
#include "core/user_error.hpp"
#include "core/user_regex.hpp"
#include "report/report_model.hpp"
#include "report/report_page.hpp"
#include "store/results_database.hpp"

namespace policytune {
namespace {

struct ReportOptions {
  std::string database;
  std::string benchmarks = ".*";
  std::string output;
};

}  // namespace

RunCommand setup_report(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  add_database_option(app, options->database);
  app.add_option("-R,--regex", options->benchmarks, "only benchmarks whose name matches this regex");
  app.add_option("-o,--output", options->output,
                 "the HTML page to write (self-contained: inline SVG and CSS); - for stdout")
      ->required();
  return [options] {
    refuse_output_among_inputs("-o", options->output, database_inputs("--db", options->database));
    const UserRegex pattern(options->benchmarks, "-R");
    ResultsDatabase database(options->database, ResultsDatabase::Mode::read_only);
    std::vector<Measurement> measurements = database.measurements();
    std::map<std::string, bool> matches;  // per benchmark name: a regex per row would cost more than the report
    std::erase_if(measurements, [&](const Measurement& m) {
      auto [found, added] = matches.emplace(m.benchmark, false);
      if (added) found->second = pattern.matches_whole(m.benchmark);
      return !found->second;
    });
    const Report report = build_report(measurements, database.search_spaces(), options->database);
    write_output_file(options->output, render_report_page(report));
    if (options->output != kStandardOutputPath) {
      fmt::print("{}: {} compile-time workloads of {} rows\n", options->output, report.workloads.size(), report.rows);
    }
    return 0;
  };
}

}  // namespace policytune
