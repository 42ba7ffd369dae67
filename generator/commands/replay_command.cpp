#include <fmt/format.h>

#include <memory>

#include "commands/command.hpp"
#include "commands/option_bounds.hpp"
#include "kernel_tuner/landscape.hpp"
#include "search/replay.hpp"
#include "search/strategy_registry.hpp"

namespace policytune {
namespace {

struct ReplayCommandOptions {
  std::string file;
  std::vector<std::string> priors;  // landscapes of the same kernel on other devices
  ReplayOptions replay;
};

}  // namespace

RunCommand setup_replay(CLI::App& app) {
  auto options = std::make_shared<ReplayCommandOptions>();
  ReplayOptions& r = options->replay;
  app.add_option("landscape", options->file, "Kernel Tuner cache file of an exhaustive search (.json or .json.gz)")
      ->required();
  app.add_option("--strategy", r.strategy, "the strategy to replay")
      ->check(CLI::IsMember(strategy_names()))
      ->capture_default_str();
  app.add_option("--budget", r.budgets, "evaluations per search; a list runs each budget separately")
      ->delimiter(',')
      ->check(count_between(1, 100000000))
      ->capture_default_str();
  app.add_option("--repeats", r.repeats, "searches per budget, with seeds seed, seed + 1, ...")
      ->check(count_between(1, 1000000))
      ->capture_default_str();
  app.add_option("--seed", r.seed, "seed of the first search")
      ->check(count_between(0, UINT64_MAX))
      ->capture_default_str();
  app.add_option("--prior", options->priors,
                 "a landscape of the same kernel on another device, guiding the strategies that take a prior "
                 "(repeatable)");

  app.add_option("--batch", r.batch, "points asked of the strategy at a time, as parallel builds would")
      ->check(count_between(1, 4096))
      ->capture_default_str();
  return [options] {
    const Landscape landscape = Landscape::read(options->file);
    std::vector<Landscape> others;
    for (const auto& file : options->priors) others.push_back(Landscape::read(file));
    const SearchPrior prior = landscape_prior(landscape, others, options->priors);
    for (const ReplayResult& result : replay(landscape, options->replay, &prior)) {
      fmt::print("budget {}: {:.3f}\n", result.budget, result.mean_fraction);
    }
    return 0;
  };
}

}  // namespace policytune
