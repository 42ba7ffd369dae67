#include "search_strategy.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "strategies/adaptive_evolution.hpp"
#include "strategies/exhaustive.hpp"
#include "strategies/genetic_algorithm.hpp"
#include "strategies/iterated_local_search.hpp"
#include "strategies/random_sampling.hpp"
#include "strategies/simulated_annealing.hpp"
#include "user_error.hpp"

namespace policytune {
namespace {

// "auto" without a budget searches exhaustively up to this many points.
constexpr std::uint64_t kSmallSpace = 1000;
// What "auto" picks for larger spaces: the best on the recorded landscapes (README, "Search strategies").
constexpr const char* kStrongest = "adaptive_evolution";

std::string joined_names() {
  std::string text;
  for (const auto& name : strategy_names()) text += (text.empty() ? "" : ", ") + name;
  return text;
}

}  // namespace

BigCount StrategySpace::size() const {
  BigCount size{1};
  for (const std::uint64_t axis_size : axis_sizes()) size = size * BigCount(axis_size);
  return size;
}

Point StrategySpace::point_at(const BigCount& index) const {
  if (!(index < size())) throw std::out_of_range("point_at: index " + index.to_string() + " outside the space");
  const auto& sizes = axis_sizes();
  BigCount rest = index;
  Point point(sizes.size());
  for (std::size_t axis = sizes.size(); axis-- > 0;) point[axis] = rest.divide(sizes[axis]);
  return point;
}

BigCount StrategySpace::index_of(const Point& point) const {
  const auto& sizes = axis_sizes();
  if (point.size() != sizes.size()) throw std::invalid_argument("index_of: the point has the wrong number of axes");
  BigCount index;
  for (std::size_t axis = 0; axis < sizes.size(); ++axis) {
    if (point[axis] >= sizes[axis]) throw std::out_of_range("index_of: a value index outside its axis");
    index = index * BigCount(sizes[axis]) + BigCount(point[axis]);
  }
  return index;
}

namespace {

using Factory = std::unique_ptr<SearchStrategy> (*)(const StrategySpace&, std::optional<std::uint64_t>, std::uint64_t);

// A strategy with its default settings.
template <auto make>
std::unique_ptr<SearchStrategy> with_defaults(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                              std::uint64_t seed) {
  return make(space, budget, seed, {});
}

// The strategies that sample the space, in the order --help lists them.
const std::vector<std::pair<std::string, Factory>>& sampling_strategies() {
  static const std::vector<std::pair<std::string, Factory>> strategies{
      {"random", make_random_sampling},
      {"adaptive_evolution", with_defaults<make_adaptive_evolution>},
      {"genetic_algorithm", with_defaults<make_genetic_algorithm>},
      {"iterated_local_search", with_defaults<make_iterated_local_search>},
      {"simulated_annealing", with_defaults<make_simulated_annealing>},
  };
  return strategies;
}

}  // namespace

const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all{"auto", "exhaustive"};
    for (const auto& [name, make] : sampling_strategies()) all.push_back(name);
    return all;
  }();
  return names;
}

std::string resolve_strategy(const std::string& name, const BigCount& space_size, std::optional<std::uint64_t> budget) {
  if (name != "auto") return name;
  const bool fits = budget ? space_size <= BigCount(*budget) : space_size <= BigCount(kSmallSpace);
  return fits ? "exhaustive" : kStrongest;
}

std::unique_ptr<SearchStrategy> make_strategy(const std::string& name, const StrategySpace& space,
                                              std::optional<std::uint64_t> budget, std::uint64_t seed) {
  const std::string resolved = resolve_strategy(name, space.size(), budget);
  if (resolved == "exhaustive") return make_exhaustive(space, budget);
  const auto& strategies = sampling_strategies();
  const auto found =
      std::find_if(strategies.begin(), strategies.end(), [&](const auto& entry) { return entry.first == resolved; });
  if (found == strategies.end()) throw UserError("unknown --strategy '" + name + "' (" + joined_names() + ")");
  // Without a budget a sampling strategy runs until it has seen every allowed point, remembering
  // each: refused where that could never end.
  if (!budget && !space.size().fits_u64()) {
    throw UserError("--strategy " + resolved + " over " + space.size().to_string() + " variants needs a --budget");
  }
  return found->second(space, budget, seed);
}

}  // namespace policytune
