#pragma once

#include <memory>
#include <optional>

#include "search/search_strategy.hpp"

namespace policytune {

// Every allowed point in index order (SearchSpace::variant_at's), until the budget is spent.
std::unique_ptr<SearchStrategy> make_exhaustive(const StrategySpace& space, std::optional<std::uint64_t> budget);

}  // namespace policytune
