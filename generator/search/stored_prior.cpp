#include "search/stored_prior.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "select/score.hpp"

namespace policytune {
namespace {

// The point of a stored variant in `points`, or nullopt.
std::optional<Point> point_of(const std::string& variant, const SearchSpace& space, const StrategySpace& points) {
  if (variant == "base") return std::nullopt;
  const auto parsed = space.parse_name(variant);
  if (!parsed) return std::nullopt;
  Point point = points.point_at(space.index_of(*parsed));
  if (!points.allowed(point)) return std::nullopt;
  return point;
}

// What a row was measured with: the device, whole, and the versions of the measured software. Rows
// of one setup have comparable scores; the search's own setup is no source of its prior.
using Setup = std::tuple<std::string, std::int64_t, std::int64_t, bool, std::string, std::string,  // the device's
                         std::string, std::string, std::string>;  // toolkit, library, source hash

Setup setup_of(const Measurement& m) {
  return {m.device.name,
          m.device.sm_count,
          m.device.memory_bus_width,
          m.device.ecc,
          m.device.compute_capability,
          m.device.driver,
          m.toolkit,
          m.library,
          m.source_hash};
}

}  // namespace

SearchPrior stored_prior(const std::vector<Measurement>& rows, const Measurement& own, const SearchSpace& space,
                         const StrategySpace& points) {
  const Setup own_setup = setup_of(own);
  std::map<Setup, std::vector<const Measurement*>> sources;  // one source per other setup
  for (const auto& row : rows) {
    if (row.benchmark != own.benchmark || row.ct_workload != own.ct_workload) continue;
    Setup setup = setup_of(row);
    if (setup != own_setup) sources[std::move(setup)].push_back(&row);
  }
  SearchPrior prior;
  for (const auto& [key, source_rows] : sources) {
    std::vector<std::pair<Point, std::optional<double>>> results;
    std::set<std::string> ranked;
    for (const auto& score : score_workload(source_rows).ranked) {
      ranked.insert(score.variant);
      if (score.score <= 0) continue;
      if (auto point = point_of(score.variant, space, points))
        results.emplace_back(std::move(*point), 1.0 / score.score);
    }
    // A variant that failed there ranks below every one that ran; one skipped there says nothing.
    std::set<std::string> failed;
    for (const Measurement* row : source_rows) {
      if (row->status != Status::ok && row->status != Status::skipped && ranked.count(row->variant) == 0) {
        failed.insert(row->variant);
      }
    }
    for (const auto& variant : failed) {
      if (auto point = point_of(variant, space, points)) results.emplace_back(std::move(*point), std::nullopt);
    }
    prior.add_source(results);
  }
  return prior;
}

}  // namespace policytune
