#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel_tuner/landscape.hpp"
#include "search/search_prior.hpp"

namespace policytune {

struct ReplayOptions {
  std::string strategy = "auto";
  std::vector<std::uint64_t> budgets{100, 200, 400};
  std::uint64_t repeats = 100;
  std::uint64_t seed = 1;
  std::size_t batch = 1;  // the at_most passed to propose()
};

// One search of a landscape: the strategy runs until it is done, each distinct configuration
// counting once towards `budget`. Returns the fraction of the optimum it found, t_opt / t_best
// (0 when nothing it evaluated succeeded). Throws std::logic_error when the strategy breaks its
// promises (over budget, a restricted or repeated point).
double replay_once(const Landscape& landscape, const std::string& strategy, std::uint64_t budget, std::uint64_t seed,
                   std::size_t batch, const SearchPrior* prior = nullptr);

struct ReplayResult {
  std::uint64_t budget = 0;
  double mean_fraction = 0;  // over the repeats, seeds seed, seed + 1, ...
};

// Every budget separately, `repeats` searches each, guided by `prior` where the strategy takes
// one. Throws UserError for an unknown strategy.
std::vector<ReplayResult> replay(const Landscape& landscape, const ReplayOptions& options,
                                 const SearchPrior* prior = nullptr);

// What the landscapes `others` (the same kernel on other devices; `files` names them) found, as a
// prior over `target`'s configurations, matched by parameter name and value. Throws UserError
// naming the file whose parameters are not the target's.
SearchPrior landscape_prior(const Landscape& target, const std::vector<Landscape>& others,
                            const std::vector<std::string>& files);

}  // namespace policytune
