#include <unistd.h>

#include <fmt/format.h>

#include <memory>

#include "../compiler.hpp"
#include "../process.hpp"
#include "../search.hpp"
#include "../search_strategy.hpp"
#include "command.hpp"

namespace policytune {
namespace {

struct SearchCommandOptions {
  SearchOptions search;
  std::vector<std::string> axis_specs;
  std::vector<std::string> include_directories;
};

}  // namespace

RunCommand setup_search(CLI::App& app) {
  auto options = std::make_shared<SearchCommandOptions>();
  SearchOptions& s = options->search;
  app.add_option("files", s.sources, "benchmark sources (.cu for CUDA, .cpp for host)")->required();
  app.add_option("-R,--regex", s.benchmark_regex, "only benchmarks whose name matches this regex");
  app.add_option("-a,--axis", options->axis_specs, "axis filter: 'T{ct}=I32', 'T{ct}=[I32,I64]', 'Elements{io}[pow2]=28'");
  app.add_option("--strategy", s.strategy, "how variants are chosen")
      ->check(CLI::IsMember(strategy_names()))->capture_default_str();
  app.add_option("--budget", s.budget, "at most this many variants per compile-time workload");
  app.add_option("--seed", s.seed, "seed of the random strategy: same seed, same order")->capture_default_str();
  app.add_flag("--force", s.force, "measure again what the database already holds (rows are replaced)");
  add_database_option(app, s.database);
  app.add_option("--build-dir", s.build_directory, "where binaries are built")->capture_default_str();
  app.add_option("-j,--jobs", s.jobs, "parallel compiles (default: every core)");
  app.add_option("--build-timeout", s.build_timeout, "seconds a variant may compile (default: 10x base, at least 10 s)");
  app.add_option("--run-timeout", s.run_timeout, "seconds a variant may run (default: 50x base, at least 10 s)");
  app.add_option("--cxx", s.compiler.host_compiler, "host C++ compiler")->capture_default_str();
  app.add_option("--nvcc", s.compiler.cuda_compiler, "CUDA compiler")->capture_default_str();
  app.add_option("--cuda-arch", s.compiler.cuda_architectures, "SM architectures to compile CUDA for")->capture_default_str();
  app.add_option("-I,--include", options->include_directories, "extra include directories");
  app.add_option("--compiler-launcher", s.compiler.launcher, "prefix every compile (ccache, sccache, distcc)");
  app.add_option("--min-samples", s.sampling.min_samples, "samples at least this many per state")->capture_default_str();
  app.add_option("--max-noise", s.sampling.max_noise, "sample until the median's relative noise is below this")->capture_default_str();
  app.add_option("--max-time", s.sampling.max_time, "seconds of sampling per state at most")->capture_default_str();
  return [options] {
    SearchOptions search = options->search;
    for (const auto& spec : options->axis_specs) search.filters.push_back(parse_axis_filter(spec));
    search.compiler.include_directories = {default_harness_directory()};
    search.compiler.include_directories.insert(search.compiler.include_directories.end(),
                                               options->include_directories.begin(), options->include_directories.end());
    install_interrupt_handlers();
    SearchProgress progress(stderr, isatty(STDERR_FILENO) != 0);
    try {
      run_search(search, progress);
    } catch (const SearchInterrupted&) {
      fmt::print(stderr, "\npolicytune: interrupted; {} results stored in {}. The same command resumes.\n",
                 progress.measured(), search.database);
      return 130;
    }
    fmt::print("searched: {} variants measured, {} found stored, {} failed, {} skipped by the device; compiling {:.1f} s, "
               "running {:.1f} s; results in {}\n",
               progress.measured(), progress.reused(), progress.failed(), progress.skipped(), progress.build_seconds(),
               progress.run_seconds(), search.database);
    return 0;
  };
}

}  // namespace policytune
