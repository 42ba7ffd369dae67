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
  DispatchOptions dispatch_options;
  long long max_policies = 3;  // signed, so that a negative value is refused rather than wrapped
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
  app.add_option("--max-policies", options->max_policies,
                 "with --dispatch: at most this many ranges, each with its policy (default 3)");
  app.add_option("--threshold", options->dispatch_options.threshold,
                 "with --dispatch: least relative gain over one policy that keeps a dispatch (default 0.02)");
  app.add_option("-R,--regex", options->benchmarks, "only benchmarks whose name matches this regex");
  return [options] {
    std::regex pattern;
    try {
      pattern = std::regex(options->benchmarks);
    } catch (const std::regex_error& error) {
      throw UserError("-R '" + options->benchmarks + "' is not a valid regex: " + error.what());
    }
    if (options->max_policies < 1) throw UserError(fmt::format("--max-policies must be at least 1, not {}", options->max_policies));
    options->dispatch_options.max_policies = static_cast<std::size_t>(options->max_policies);
    if (!(options->dispatch_options.threshold >= 0)) {
      throw UserError(fmt::format("--threshold must be a fraction of at least 0, not {}", options->dispatch_options.threshold));
    }
    ResultsDatabase database(options->database, ResultsDatabase::Mode::must_exist);
    std::vector<Measurement> measurements = database.measurements();
    std::erase_if(measurements, [&](const Measurement& m) { return !std::regex_match(m.benchmark, pattern); });
    const auto groups = group_by_workload(measurements);
    if (groups.empty()) {
      fmt::print("{}: no measurements\n", options->database);
      return 0;
    }
    if (options->coverage) fmt::print("{}", format_coverage(groups, database.search_spaces()));
    if (options->dispatch) fmt::print("{}", format_dispatch(select_dispatches(groups, options->dispatch_options)));
    if (options->top > 0 || (!options->coverage && !options->dispatch)) {
      fmt::print("{}", format_top(groups, options->top > 0 ? options->top : 5));
    }
    return 0;
  };
}

}  // namespace policytune
