#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/big_count.hpp"
#include "search/search_prior.hpp"
#include "search/search_strategy.hpp"

namespace policytune {

// Every search strategy --strategy can name, registered in one place (strategy_registry.cpp): the
// command line, the search driver, replay and the strategy contract tests all read this table.
struct RegisteredStrategy {
  // The prior may be null (none); a strategy that does not use one ignores it.
  using Factory = std::unique_ptr<SearchStrategy> (*)(const StrategySpace&, std::optional<std::uint64_t>, std::uint64_t,
                                                      const SearchPrior*);

  std::string name;
  Factory make = nullptr;
  // Its proposals depend on the costs reported: it cannot run where nothing is measured
  // (--compile-only), and the search gives it small rounds to learn from.
  bool learns_from_results = false;
  // It samples the space, remembering what it proposed: without a budget it must be able to see
  // every point, which a space beyond 64 bits forbids.
  bool samples = false;
  // What other devices found (--prior) guides it; the others ignore a prior.
  bool uses_prior = false;
};

// In the order --help lists them ("auto", which picks one of them, is not among them).
const std::vector<RegisteredStrategy>& registered_strategies();

// The names --strategy accepts, "auto" first.
const std::vector<std::string>& strategy_names();

// What "auto" picks: exhaustive when the whole space fits the budget (or, without one, is small),
// else the strongest strategy we have: with a prior (what other devices found), the one that
// hears each device apart (prior_witnesses).
std::string resolve_strategy(const std::string& name, const BigCount& space_size, std::optional<std::uint64_t> budget,
                             bool with_prior = false);

// The registered strategy `name` (resolved, not "auto"). Throws UserError for an unknown name.
const RegisteredStrategy& registered_strategy(const std::string& name);

// `budget` nullopt means no limit; `prior` null or empty means none. Throws UserError for an
// unknown name, or for a strategy that cannot run without a budget over a space this large.
std::unique_ptr<SearchStrategy> make_strategy(const std::string& name, const StrategySpace& space,
                                              std::optional<std::uint64_t> budget, std::uint64_t seed,
                                              const SearchPrior* prior = nullptr);

}  // namespace policytune
