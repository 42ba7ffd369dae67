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

}  // namespace

void SearchPrior::add_source(const std::vector<std::pair<Point, std::optional<double>>>& results) {
  std::vector<double> speeds;  // failures slowest of all
  for (const auto& [point, cost] : results) {
    speeds.push_back(cost && std::isfinite(*cost) ? -*cost : -std::numeric_limits<double>::infinity());
  }
  if (speeds.empty()) return;
  const std::vector<double> ranks = ranks_of(speeds);
  const double top = static_cast<double>(ranks.size() - 1);
  for (std::size_t i = 0; i < results.size(); ++i) {
    Sum& sum = scores_[results[i].first];
    sum.total += top > 0 ? ranks[i] / top : 1.0;
    ++sum.count;
  }
  ++sources_;
  ranked_.clear();
}

std::optional<double> SearchPrior::score(const Point& point) const {
  const auto found = scores_.find(point);
  if (found == scores_.end()) return std::nullopt;
  return found->second.total / static_cast<double>(found->second.count);
}

const std::vector<Point>& SearchPrior::ranked() const {
  if (ranked_.size() == scores_.size()) return ranked_;
  std::vector<std::pair<double, const Point*>> by_score;
  for (const auto& [point, sum] : scores_) by_score.emplace_back(sum.total / static_cast<double>(sum.count), &point);
  // Stable over the map's point order: equal scores keep the smaller point first.
  std::stable_sort(by_score.begin(), by_score.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  ranked_.clear();
  for (const auto& entry : by_score) ranked_.push_back(*entry.second);
  return ranked_;
}

double prior_agreement(const SearchPrior& prior, const std::map<Point, double>& costs, std::size_t minimum) {
  std::vector<double> scores, speeds;
  for (const auto& [point, cost] : costs) {
    const auto score = prior.score(point);
    if (!score) continue;
    scores.push_back(*score);
    speeds.push_back(std::isfinite(cost) ? -cost : -std::numeric_limits<double>::infinity());
  }
  if (scores.size() < std::max<std::size_t>(minimum, 2)) return 0.0;
  return pearson(ranks_of(scores), ranks_of(speeds));
}

}  // namespace policytune
