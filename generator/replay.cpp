#include "replay.hpp"

#include <set>
#include <stdexcept>

#include "strategy_registry.hpp"

namespace policytune {

double replay_once(const Landscape& landscape, const std::string& strategy, std::uint64_t budget, std::uint64_t seed,
                   std::size_t batch) {
  const std::string resolved = resolve_strategy(strategy, landscape.size(), budget);
  const auto search = make_strategy(resolved, landscape, budget, seed);
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

std::vector<ReplayResult> replay(const Landscape& landscape, const ReplayOptions& options) {
  std::vector<ReplayResult> results;
  for (const std::uint64_t budget : options.budgets) {
    double sum = 0;
    for (std::uint64_t repeat = 0; repeat < options.repeats; ++repeat) {
      sum += replay_once(landscape, options.strategy, budget, options.seed + repeat, options.batch);
    }
    results.push_back({budget, options.repeats == 0 ? 0.0 : sum / static_cast<double>(options.repeats)});
  }
  return results;
}

}  // namespace policytune
