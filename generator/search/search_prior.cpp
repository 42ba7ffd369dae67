#include "search/search_prior.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace policytune {
namespace {

// Ranks 0 (smallest) to n - 1, ties sharing their mean rank.
std::vector<double> ranks_of(const std::vector<double>& values) {
  std::vector<std::size_t> order(values.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(values.size());
  for (std::size_t first = 0; first < order.size();) {
    std::size_t last = first;
    while (last + 1 < order.size() && values[order[last + 1]] == values[order[first]]) ++last;
    const double mean = (static_cast<double>(first) + static_cast<double>(last)) / 2.0;
    for (std::size_t i = first; i <= last; ++i) ranks[order[i]] = mean;
    first = last + 1;
  }
  return ranks;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = static_cast<double>(x.size());
  double mean_x = 0, mean_y = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    mean_x += x[i] / n;
    mean_y += y[i] / n;
  }
  double xy = 0, xx = 0, yy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    xy += (x[i] - mean_x) * (y[i] - mean_y);
    xx += (x[i] - mean_x) * (x[i] - mean_x);
    yy += (y[i] - mean_y) * (y[i] - mean_y);
  }
  return xx > 0 && yy > 0 ? xy / std::sqrt(xx * yy) : 0.0;
}

// Points by score, the best first; stable over the map's point order, so that equal scores keep
// the smaller point first.
std::vector<Point> ranked_by_score(const std::map<Point, double>& scores) {
  std::vector<std::pair<double, const Point*>> by_score;
  for (const auto& [point, score] : scores) by_score.emplace_back(score, &point);
  std::stable_sort(by_score.begin(), by_score.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<Point> ranked;
  for (const auto& entry : by_score) ranked.push_back(*entry.second);
  return ranked;
}

// Spearman's rank correlation between `score_of` and the speed of the measured points it scores.
template <typename ScoreOf>
double agreement(const ScoreOf& score_of, const std::map<Point, double>& costs, std::size_t minimum) {
  std::vector<double> scores, speeds;
  for (const auto& [point, cost] : costs) {
    const auto score = score_of(point);
    if (!score) continue;
    scores.push_back(*score);
    speeds.push_back(std::isfinite(cost) ? -cost : -std::numeric_limits<double>::infinity());
  }
  if (scores.size() < std::max<std::size_t>(minimum, 2)) return 0.0;
  return pearson(ranks_of(scores), ranks_of(speeds));
}

}  // namespace

void SearchPrior::add_source(const std::vector<std::pair<Point, std::optional<double>>>& results) {
  std::vector<double> speeds;  // failures slowest of all
  for (const auto& [point, cost] : results) {
    speeds.push_back(cost && std::isfinite(*cost) ? -*cost : -std::numeric_limits<double>::infinity());
  }
  if (speeds.empty()) return;
  const std::vector<double> ranks = ranks_of(speeds);
  const double top = static_cast<double>(ranks.size() - 1);
  auto& own = source_scores_.emplace_back();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const double score = top > 0 ? ranks[i] / top : 1.0;
    Sum& sum = scores_[results[i].first];
    sum.total += score;
    sum.count += 1;
    own.emplace(results[i].first, score);
  }
  source_ranked_.push_back(ranked_by_score(own));
  ++sources_;
  ranked_.clear();
}

std::optional<double> SearchPrior::source_score(std::size_t source, const Point& point) const {
  const auto& own = source_scores_.at(source);
  const auto found = own.find(point);
  if (found == own.end()) return std::nullopt;
  return found->second;
}

SearchPrior SearchPrior::weighted(const std::vector<double>& weights) const {
  SearchPrior result;
  for (std::size_t source = 0; source < sources_ && source < weights.size(); ++source) {
    if (!(weights[source] > 0)) continue;
    for (const auto& [point, score] : source_scores_[source]) {
      Sum& sum = result.scores_[point];
      sum.total += weights[source] * score;
      sum.count += weights[source];
    }
    result.source_scores_.push_back(source_scores_[source]);
    result.source_ranked_.push_back(source_ranked_[source]);
    ++result.sources_;
  }
  return result;
}

std::optional<double> SearchPrior::score(const Point& point) const {
  const auto found = scores_.find(point);
  if (found == scores_.end()) return std::nullopt;
  return found->second.total / found->second.count;
}

const std::vector<Point>& SearchPrior::ranked() const {
  if (ranked_.size() == scores_.size()) return ranked_;
  std::map<Point, double> means;
  for (const auto& [point, sum] : scores_) means.emplace(point, sum.total / sum.count);
  ranked_ = ranked_by_score(means);
  return ranked_;
}

double prior_agreement(const SearchPrior& prior, const std::map<Point, double>& costs, std::size_t minimum) {
  return agreement([&](const Point& point) { return prior.score(point); }, costs, minimum);
}

double source_agreement(const SearchPrior& prior, std::size_t source, const std::map<Point, double>& costs,
                        std::size_t minimum) {
  return agreement([&](const Point& point) { return prior.source_score(source, point); }, costs, minimum);
}

}  // namespace policytune
