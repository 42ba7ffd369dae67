#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>
#include <memory>

#include "commands/command.hpp"
#include "commands/option_bounds.hpp"
#include "run/compile_pool.hpp"
#include "run/process.hpp"
#include "search/search.hpp"
#include "search/strategy_registry.hpp"

namespace policytune {

// `policytune pool`: a compile-only search whose builds are kept in a compile pool
// (run/compile_pool.hpp), for `policytune search --pool` to measure where the GPU is.
RunCommand setup_pool(CLI::App& app) {
  auto options = std::make_shared<MeasurementCommandOptions>();
  auto max_size_mib = std::make_shared<std::optional<double>>();
  SearchOptions& s = options->search;
  s.compile_only = true;
  s.priors = {"none"};  // nothing here measured: only --prior databases can guide the picks
  app.add_option("files", s.sources, "benchmark sources (.cu for CUDA, .cpp for host)")->required();
  app.add_option("--pool", s.pool, "the pool's folder: made, or added to when it holds a pool built the same way")
      ->required();
  app.add_option("-R,--regex", s.benchmark_regex, "only benchmarks whose name matches this regex");
  app.add_option("--strategy", s.strategy,
                 "which variants: exhaustive, random, a prior's picks (prior_order with --prior), or a strategy "
                 "that learns (its first proposals); auto: all when the space fits the budget, else random")
      ->check(CLI::IsMember(strategy_names()))
      ->capture_default_str();
  app.add_option("--budget", s.budget, "at most this many variants per compile-time workload")
      ->check(count_between(1, 1000000000000));
  app.add_option("--seed", s.seed, "seed of the strategy: same seed, same picks")
      ->check(count_between(0, UINT64_MAX))
      ->capture_default_str();
  app.add_option("--prior", s.priors,
                 "databases whose other devices' results pick the variants (--strategy "
                 "prior_order or prior_round_robin)");
  app.add_option("--exclude-stored", s.exclude_stored,
                 "databases whose variants of the same source text (on any device) are left out: a pool for the next "
                 "visit holds what they lack");
  app.add_option("--max-size", *max_size_mib,
                 "MiB the pool may hold (what one transfer may carry); it stops growing before it")
      ->check(number_between(0.01, 1e9));
  add_build_options(app, *options);
  return [options, max_size_mib] {
    SearchOptions pool = options->resolved();
    if (*max_size_mib) pool.pool_size_limit = static_cast<std::uintmax_t>(**max_size_mib * 1024 * 1024);
    install_interrupt_handlers();
    SearchProgress progress(stderr, isatty(STDERR_FILENO) != 0 ? ProgressStyle::status_line : ProgressStyle::lines);
    SearchEnd end;
    try {
      end = run_search(pool, progress);
    } catch (const Interrupted&) {
      fmt::print(stderr, "\npolicytune: interrupted; the pool {} keeps what was built. The same command goes on.\n",
                 pool.pool);
      return 130;
    }
    fmt::print("{}; built now: {} variants, {} failed, compiling {:.1f} s\n", pool_summary(pool, *end.pool),
               progress.measured(), progress.failed(), progress.build_seconds());
    return 0;
  };
}

std::string pool_summary(const SearchOptions& options, const SearchEnd::Pool& held) {
  const std::string full = held.full ? fmt::format("; full: --max-size {} reached, {} built variants left out",
                                                   describe_bytes(*options.pool_size_limit), held.left_out)
                                     : "";
  return fmt::format("pool {}: {} variants of {} benchmark{} in {} binaries, {}{}", options.pool, held.variants,
                     held.benchmarks, held.benchmarks == 1 ? "" : "s", held.binaries, describe_bytes(held.bytes), full);
}

}  // namespace policytune
