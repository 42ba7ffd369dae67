#include "search/stored_prior.hpp"

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

bool same_setup(const Measurement& a, const Measurement& b) {
  return a.device == b.device && a.toolkit == b.toolkit && a.library == b.library && a.source_hash == b.source_hash;
}

}  // namespace

SearchPrior stored_prior(const std::vector<Measurement>& rows, const Measurement& own, const SearchSpace& space,
                         const StrategySpace& points) {
  // One source per device and version of the measured software: their scores are comparable.
  using SourceKey = std::tuple<std::string, std::string, std::string, std::string>;
  std::map<SourceKey, std::vector<const Measurement*>> sources;
  for (const auto& row : rows) {
    if (row.benchmark != own.benchmark || row.ct_workload != own.ct_workload || same_setup(row, own)) continue;
    sources[{row.device.describe(), row.toolkit, row.library, row.source_hash}].push_back(&row);
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
