#include "search/replay.hpp"

#include <set>
#include <stdexcept>

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/user_error.hpp"
#include "search/strategy_registry.hpp"

namespace policytune {

double replay_once(const Landscape& landscape, const std::string& strategy, std::uint64_t budget, std::uint64_t seed,
                   std::size_t batch, const SearchPrior* prior) {
  const std::string resolved =
      resolve_strategy(strategy, landscape.size(), budget, prior != nullptr && !prior->empty());
  const auto search = make_strategy(resolved, landscape, budget, seed, prior);
  std::set<Point> evaluated;
  std::optional<double> best;
  while (true) {
    const std::vector<Point> points = search->propose(batch);
    if (points.empty()) break;
    if (points.size() > batch) throw std::logic_error(resolved + " proposed more points than asked for");
    for (const Point& point : points) {
      if (!landscape.allowed(point)) throw std::logic_error(resolved + " proposed a restricted configuration");
      if (!evaluated.insert(point).second) throw std::logic_error(resolved + " proposed a configuration twice");
      if (evaluated.size() > budget) throw std::logic_error(resolved + " went over its budget");
      const std::optional<double> time = landscape.time_of(point);
      if (time && (!best || *time < *best)) best = time;
      search->report(point, time);
    }
  }
  const std::optional<double> optimum = landscape.best_time();
  return best && optimum ? *optimum / *best : 0.0;
}

std::vector<ReplayResult> replay(const Landscape& landscape, const ReplayOptions& options, const SearchPrior* prior) {
  std::vector<ReplayResult> results;
  for (const std::uint64_t budget : options.budgets) {
    double sum = 0;
    for (std::uint64_t repeat = 0; repeat < options.repeats; ++repeat) {
      sum += replay_once(landscape, options.strategy, budget, options.seed + repeat, options.batch, prior);
    }
    results.push_back({budget, options.repeats == 0 ? 0.0 : sum / static_cast<double>(options.repeats)});
  }
  return results;
}

SearchPrior landscape_prior(const Landscape& target, const std::vector<Landscape>& others,
                            const std::vector<std::string>& files) {
  SearchPrior prior;
  for (std::size_t i = 0; i < others.size(); ++i) {
    const Landscape& other = others[i];
    // Per axis of the target, the axis of `other` with its name; per value of that axis, the
    // target's index of the same value, or none.
    std::vector<std::size_t> axis_of;
    std::vector<std::vector<std::optional<std::uint64_t>>> index_of;
    for (const auto& name : other.parameters()) {
      const auto found = std::find(target.parameters().begin(), target.parameters().end(), name);
      if (found == target.parameters().end() || other.parameters().size() != target.parameters().size()) {
        throw UserError(files[i], 0,
                        "its parameters are not those of the landscape replayed (" +
                            fmt::format("{}", fmt::join(target.parameters(), ", ")) + ")");
      }
      const auto axis = static_cast<std::size_t>(found - target.parameters().begin());
      axis_of.push_back(axis);
      auto& indices = index_of.emplace_back();
      for (const auto& value : other.values()[axis_of.size() - 1]) {
        const auto& mine = target.values()[axis];
        const auto at = std::find(mine.begin(), mine.end(), value);
        indices.push_back(at == mine.end()
                              ? std::nullopt
                              : std::optional<std::uint64_t>(static_cast<std::uint64_t>(at - mine.begin())));
      }
    }
    std::vector<std::pair<Point, std::optional<double>>> mapped;
    for (const auto& [point, time] : other.results()) {
      Point mine(point.size());
      bool inside = true;
      for (std::size_t axis = 0; axis < point.size() && inside; ++axis) {
        const auto index = index_of[axis][point[axis]];
        if (index) mine[axis_of[axis]] = *index;
        inside = index.has_value();
      }
      if (inside && target.allowed(mine)) mapped.emplace_back(std::move(mine), time);
    }
    prior.add_source(mapped);
  }
  return prior;
}

}  // namespace policytune
