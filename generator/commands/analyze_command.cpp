#include <fmt/format.h>

#include <map>
#include <memory>

#include "commands/command.hpp"
#include "commands/option_bounds.hpp"
#include "core/benchmark_name.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "core/user_regex.hpp"
#include "report/analysis_tables.hpp"
#include "select/dispatch_selection.hpp"
#include "space/current_source.hpp"
#include "store/results_database.hpp"

namespace policytune {
namespace {

struct AnalyzeOptions {
  std::string database;
  std::size_t top = 0;
  bool coverage = false;
  bool failures = false;
  bool dispatch = false;
  std::vector<std::string> files;           // benchmark sources: only these, their current source marked
  DispatchCommandOptions dispatch_options;  // --max-policies and --threshold; any axis
  std::string benchmarks = ".*";
};

}  // namespace

RunCommand setup_analyze(CLI::App& app) {
  auto options = std::make_shared<AnalyzeOptions>();
  app.add_option("files", options->files,
                 "benchmark sources: analyze only these, and mark which measurements are of their current source");
  add_database_option(app, options->database);
  app.add_option("--top", options->top, "list the N best variants of every compile-time workload (default 5)")
      ->check(count_between(1, 1000000));
  app.add_flag("--coverage", options->coverage, "show covered / space per compile-time workload");
  app.add_flag(
      "--failures", options->failures,
      "list the variants that failed to build, run or verify, with status and reason, per compile-time workload");
  app.add_flag("--dispatch", options->dispatch,
               "per compile-time workload: the single best policy against the best dispatch over runtime ranges");
  add_dispatch_limit_options(app, options->dispatch_options);
  app.add_option("-R,--regex", options->benchmarks, "only benchmarks whose name matches this regex");
  return [options] {
    const UserRegex pattern(options->benchmarks, "-R");
    const DispatchOptions dispatch_options = options->dispatch_options.validated();
    ResultsDatabase database(options->database, ResultsDatabase::Mode::read_only);
    std::vector<Measurement> measurements = database.measurements();
    std::map<std::string, std::string> current_sources;  // benchmark -> hash of its file now
    for (const auto& file : options->files)
      current_sources[benchmark_name_from_path(file)] = content_hash(read_current_source(file).text);
    std::erase_if(measurements, [&](const Measurement& m) {
      return !pattern.matches_whole(m.benchmark) ||
             (!current_sources.empty() && current_sources.count(m.benchmark) == 0);
    });
    const auto spaces = database.search_spaces();
    const auto groups = group_by_workload(measurements, spaces, options->database);
    if (groups.empty()) {
      fmt::print("{}: no measurements\n", options->database);
      return 0;
    }
    const SourceStatus sources = source_status(measurements, current_sources);
    if (options->coverage) fmt::print("{}", format_coverage(groups, spaces, sources));
    if (options->failures) {
      const std::string failures = format_failures(groups, sources);
      fmt::print("{}", failures.empty() ? "no failed variants\n" : failures);
    }
    if (options->dispatch) fmt::print("{}", format_dispatch(select_dispatches(groups, dispatch_options)));
    if (options->top > 0 || (!options->coverage && !options->failures && !options->dispatch)) {
      fmt::print("{}", format_top(groups, options->top > 0 ? options->top : 5, sources));
    }
    return 0;
  };
}

}  // namespace policytune
