#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "space/strategy_space.hpp"

namespace policytune {

// What searches of the same kernel on other devices found, as a guess for this one: per point, a
// score in [0, 1], the mean over the sources that measured it of its rank there (1: a source's
// fastest, 0: its slowest or a failure). Ranks, not times: devices differ by constant factors
// and a configuration's time on one says little in absolute terms about another.
class SearchPrior {
public:
  // One source's results, each point's cost (lower is better) or nullopt for a failure. Points
  // it lacks (not measured there, or not in this space) get nothing from it.
  void add_source(const std::vector<std::pair<Point, std::optional<double>>>& results);

  // The sources apart, so that a strategy can hear each as its own witness (prior_witnesses.hpp):
  // source i's score of a point (nullopt where it did not measure it), and its points best first
  // (ties: the smaller point), failures last.
  std::optional<double> source_score(std::size_t source, const Point& point) const;
  const std::vector<Point>& source_ranked(std::size_t source) const { return source_ranked_.at(source); }
  // A prior of the same sources, source i counted with weight `weights[i]` (>= 0; 0 leaves it
  // out) in each point's mean: the sources that agree with a target outvote those that do not.
  SearchPrior weighted(const std::vector<double>& weights) const;

  bool empty() const noexcept { return scores_.empty(); }
  std::size_t sources() const noexcept { return sources_; }
  // Nullopt for a point no source measured.
  std::optional<double> score(const Point& point) const;
  // Every point some source measured, the best mean score first (ties: the smaller point).
  const std::vector<Point>& ranked() const;

private:
  struct Sum {
    double total = 0;
    double count = 0;  // of weights, 1 per source unless weighted()
  };
  std::map<Point, Sum> scores_;
  std::size_t sources_ = 0;
  std::vector<std::map<Point, double>> source_scores_;
  std::vector<std::vector<Point>> source_ranked_;
  mutable std::vector<Point> ranked_;  // built on first use after the last add_source()
};

// How far a prior agrees with what this search measured: Spearman's rank correlation between the
// prior's score and the speed (the inverse of the cost) of the points measured that it scores,
// failures the slowest. 0 with fewer than `minimum` such points.
double prior_agreement(const SearchPrior& prior, const std::map<Point, double>& costs, std::size_t minimum);
// The same for one of its sources alone.
double source_agreement(const SearchPrior& prior, std::size_t source, const std::map<Point, double>& costs,
                        std::size_t minimum);

}  // namespace policytune
