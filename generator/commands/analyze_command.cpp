#include <fmt/format.h>

#include <memory>
#include <regex>

#include "../analysis.hpp"
#include "../dispatch_selection.hpp"
#include "../results_database.hpp"
#include "../user_error.hpp"
#include "command.hpp"

namespace policytune {
namespace {

struct AnalyzeOptions {
  std::string database;
  std::size_t top = 0;
  bool coverage = false;
  bool dispatch = false;
  DispatchCommandOptions dispatch_options;  // --max-policies and --threshold; any axis
  std::string benchmarks = ".*";
};

}  // namespace

RunCommand setup_analyze(CLI::App& app) {
  auto options = std::make_shared<AnalyzeOptions>();
  add_database_option(app, options->database);
  app.add_option("--top", options->top, "list the N best variants of every compile-time workload (default 5)");
  app.add_flag("--coverage", options->coverage, "show covered / space per compile-time workload");
  app.add_flag("--dispatch", options->dispatch,
               "per compile-time workload: the single best policy against the best dispatch over runtime ranges");
  add_dispatch_limit_options(app, options->dispatch_options);
  app.add_option("-R,--regex", options->benchmarks, "only benchmarks whose name matches this regex");
  return [options] {
    std::regex pattern;
    try {
      pattern = std::regex(options->benchmarks);
    } catch (const std::regex_error& error) {
      throw UserError("-R '" + options->benchmarks + "' is not a valid regex: " + error.what());
    }
    const DispatchOptions dispatch_options = options->dispatch_options.validated();
    ResultsDatabase database(options->database, ResultsDatabase::Mode::must_exist);
    std::vector<Measurement> measurements = database.measurements();
    std::erase_if(measurements, [&](const Measurement& m) { return !std::regex_match(m.benchmark, pattern); });
    const auto groups = group_by_workload(measurements);
    if (groups.empty()) {
      fmt::print("{}: no measurements\n", options->database);
      return 0;
    }
    if (options->coverage) fmt::print("{}", format_coverage(groups, database.search_spaces()));
    if (options->dispatch) fmt::print("{}", format_dispatch(select_dispatches(groups, dispatch_options)));
    if (options->top > 0 || (!options->coverage && !options->dispatch)) {
      fmt::print("{}", format_top(groups, options->top > 0 ? options->top : 5));
    }
    return 0;
  };
}

}  // namespace policytune
