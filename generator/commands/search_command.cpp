#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <optional>

#include "commands/command.hpp"
#include "commands/option_bounds.hpp"
#include "core/output_among_inputs.hpp"
#include "core/user_error.hpp"
#include "run/compiler.hpp"
#include "run/process.hpp"
#include "search/search.hpp"
#include "search/strategy_registry.hpp"
#include "space/shard.hpp"

namespace policytune {

namespace {

// What a search did, on standard output: how many variants, where the time went, and where the
// results (or the pool) are.
void print_search_summary(const SearchOptions& search, const SearchProgress& progress, const SearchEnd& end) {
  // Served instead of compiled: what makes "compiling" short.
  const std::string from_cache =
      progress.cached_builds() > 0 ? fmt::format(" ({} binaries from the build cache)", progress.cached_builds()) : "";
  if (search.compile_only) {
    fmt::print("compiled: {} variants, {} failed; compiling {:.1f} s{}\n", progress.measured(), progress.failed(),
               progress.build_seconds(), from_cache);
    if (end.pool) fmt::print("{}\n", pool_summary(search, *end.pool));
    return;
  }
  // Three parts that add up to the whole: nothing of the confirmation is in the first two.
  const double confirming_seconds = progress.confirmation_build_seconds() + progress.confirmation_run_seconds();
  const std::string confirming =
      confirming_seconds > 0 ? fmt::format("; confirming the finalists: compiling {:.1f} s, running {:.1f} s",
                                           progress.confirmation_build_seconds(), progress.confirmation_run_seconds())
                             : "";
  const auto not_searched = progress.benchmarks_not_searched();
  const std::string without_gpu = not_searched > 0 ? fmt::format("; {} benchmark{} not searched: no GPU", not_searched,
                                                                 not_searched == 1 ? "" : "s")
                                                   : "";
  fmt::print(
      "searched: {} variants measured, {} found stored, {} failed, {} skipped by the device{}; compiling {:.1f} s{}, "
      "running {:.1f} s{}; results in {}\n",
      progress.measured(), progress.reused(), progress.failed(), progress.skipped(), without_gpu,
      progress.build_seconds(), from_cache, progress.run_seconds(), confirming, search.database);
  if (end.deadline_reached) {
    fmt::print("the --deadline of {} min stopped the search before its end: the same command resumes\n",
               *search.deadline_minutes);
  }
}

}  // namespace

RunCommand setup_search(CLI::App& app) {
  auto options = std::make_shared<MeasurementCommandOptions>();
  SearchOptions& s = options->search;
  app.add_option("files", s.sources, "benchmark sources (.cu for CUDA, .cpp for host)")->required();
  app.add_option("-R,--regex", s.benchmark_regex, "only benchmarks whose name matches this regex");
  app.add_option(
         "--strategy", s.strategy,
         "how variants are chosen (auto: exhaustive when the space fits the budget, prior_witnesses with a prior)")
      ->check(CLI::IsMember(strategy_names()))
      ->capture_default_str();
  app.add_option("--budget", s.budget, "at most this many variants per compile-time workload")
      ->check(count_between(0, 1000000000000));
  app.add_option("--time-limit", s.time_limit, "seconds per compile-time workload; no new round of builds after it")
      ->check(number_between(0.1, 1e7));
  app.add_option("--seed", s.seed, "seed of the strategy: same seed, same order")
      ->check(count_between(0, UINT64_MAX))
      ->capture_default_str();
  app.add_option("--prior", s.priors,
                 "what other devices or builds found guides the search: auto (their results in --db), none, or "
                 "databases")
      ->capture_default_str();
  app.add_option("--lanes", s.lanes, "variants measured at once, one per GPU (default: every visible GPU)")
      ->check(count_between(0, 1024));
  app.add_flag("--force", s.force, "measure again what the database already holds (rows are replaced)");
  app.add_flag("--compile-only", s.compile_only,
               "build the variants (a strategy that needs no results), run and store nothing");
  app.add_option("--confirm", s.confirmation.finalists,
                 "re-measure base and this many best variants interleaved before a workload's search ends; "
                 "their rows are the ones generate trusts (0: no confirmation)")
      ->check(count_between(0, 64))
      ->capture_default_str();
  app.add_option("--confirm-rounds", s.confirmation.rounds,
                 "interleaved rounds of the confirmation, each running every finalist once")
      ->check(count_between(1, 100))
      ->capture_default_str();
  app.add_option("--pool", s.pool,
                 "measure the binaries of this compile pool (policytune pool) and compile nothing; options "
                 "--cxx, --nvcc and --cuda-arch, where given, must agree with how the pool was built. With "
                 "--compile-only: build the pool, as policytune pool does");
  app.add_option("--deadline", s.deadline_minutes,
                 "minutes for the whole search: past them (and once a round has measured) no new round, no "
                 "confirmation, no new workload; what was measured is stored and the same command resumes")
      ->check(number_between(1e-6, 1e7));
  auto shard = std::make_shared<std::optional<std::string>>();
  app.add_option("--shard", *shard, "k/N: search only shard k of N (disjoint parts; combine with `policytune merge`)");
  add_measurement_options(app, *options);
  // Named on the command line, not defaults: what a search of a pool must agree with.
  const CLI::Option* cxx = app.get_option("--cxx");
  const CLI::Option* nvcc = app.get_option("--nvcc");
  const CLI::Option* arch = app.get_option("--cuda-arch");
  return [options, shard, cxx, nvcc, arch] {
    SearchOptions search = options->resolved();
    if (cxx->count() > 0) search.pool_expectation.host_compiler = search.compiler.host_compiler;
    if (nvcc->count() > 0) search.pool_expectation.cuda_compiler = search.compiler.cuda_compiler;
    if (arch->count() > 0) search.pool_expectation.cuda_architectures = search.compiler.cuda_architectures;
    std::vector<CommandInput> sources;
    for (const auto& source : search.sources) sources.push_back(command_input("the benchmark source", source));
    refuse_output_among_inputs("--db", search.database, sources);
    if (*shard) {  // given, even as '' (an unset shell variable): never "every shard"
      const ShardChoice choice = parse_shard(**shard);
      search.shard_index = choice.index;
      search.shard_count = choice.count;
    }
    install_interrupt_handlers();
    SearchProgress progress(stderr, isatty(STDERR_FILENO) != 0 ? ProgressStyle::status_line : ProgressStyle::lines);
    SearchEnd end;
    try {
      end = run_search(search, progress);
    } catch (const Interrupted&) {
      fmt::print(stderr, "\npolicytune: interrupted; {} results stored in {}. The same command resumes.\n",
                 progress.measured(), search.database);
      return 130;
    }
    print_search_summary(search, progress, end);
    return 0;
  };
}

}  // namespace policytune
