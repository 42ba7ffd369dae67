#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "big_count.hpp"
#include "search_space.hpp"

namespace policytune {

// Decides which variant of a space to evaluate next. Every strategy proposes each variant at most
// once, stops at the budget (distinct variants proposed), and is deterministic for a seed.
class SearchStrategy {
public:
  virtual ~SearchStrategy() = default;
  // The index (SearchSpace::variant_at) of the next variant, or nullopt when done.
  virtual std::optional<BigCount> next() = 0;
};

// The names --strategy accepts.
const std::vector<std::string>& strategy_names();

// `budget` nullopt means no limit (exhaustive then covers the whole space). Throws UserError for
// an unknown name, or for an unbounded random search of a space too large to finish.
std::unique_ptr<SearchStrategy> make_strategy(const std::string& name, const SearchSpace& space,
                                              std::optional<std::uint64_t> budget, std::uint64_t seed);

}  // namespace policytune
