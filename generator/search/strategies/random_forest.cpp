#include "search/strategies/random_forest.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace policytune {
namespace {

constexpr std::uint64_t kMaxAxisValues = 4096;

}  // namespace

RandomForest::RandomForest(const std::vector<std::uint64_t>& axis_sizes, std::uint64_t seed,
                           const RandomForestSettings& settings)
    : axis_sizes_(axis_sizes), settings_(settings), random_(seed) {
  for (std::size_t axis = 0; axis < axis_sizes.size(); ++axis) {
    // An axis of very many values is not split on: its bins would cost more than they tell.
    const bool splits = axis_sizes[axis] > 1 && axis_sizes[axis] <= kMaxAxisValues;
    if (splits) free_axes_.push_back(static_cast<std::uint32_t>(axis));
    bin_count_.emplace_back(splits ? axis_sizes[axis] : 0, 0.0);
    bin_sum_.emplace_back(splits ? axis_sizes[axis] : 0, 0.0);
  }
  columns_.resize(axis_sizes.size());
}

void RandomForest::add(const Point& point, double cost) {
  for (std::size_t axis = 0; axis < point.size(); ++axis) {
    columns_[axis].push_back(static_cast<std::uint32_t>(std::min<std::uint64_t>(point[axis], kMaxAxisValues)));
  }
  log_costs_.push_back(std::isfinite(cost) && cost > 0 ? std::log(cost) : std::numeric_limits<double>::infinity());
  stale_ = true;
}

// Standardises the log costs (failures at the worst seen) and grows every tree anew.
void RandomForest::refit() {
  stale_ = false;
  auto standardised = standardised_log_costs(log_costs_);
  fitted_ = standardised.has_value();
  if (!fitted_) return;
  y_ = std::move(*standardised);
  best_ = *std::min_element(y_.begin(), y_.end());
  trees_.assign(settings_.trees, Tree{});
  std::vector<std::size_t> rows(y_.size());
  for (Tree& tree : trees_) {
    for (std::size_t& row : rows) row = random_.below(y_.size());  // a bootstrap sample
    grow(tree, rows, 0, rows.size(), 0);
  }
}

// Grows the subtree of rows[begin, end) and returns its root's index in `tree`.
std::int32_t RandomForest::grow(Tree& tree, std::vector<std::size_t>& rows, std::size_t begin, std::size_t end,
                                std::size_t depth) {
  const auto index = static_cast<std::int32_t>(tree.size());
  tree.emplace_back();
  double sum = 0, squares = 0;
  for (std::size_t i = begin; i < end; ++i) {
    sum += y_[rows[i]];
    squares += y_[rows[i]] * y_[rows[i]];
  }
  const double count = static_cast<double>(end - begin);
  tree[index].mean = sum / count;
  tree[index].variance = std::max(squares / count - tree[index].mean * tree[index].mean, 0.0);
  Split split;
  if (end - begin < settings_.min_split || depth >= settings_.max_depth || tree[index].variance < 1e-12 ||
      !best_split(rows, begin, end, split)) {
    return index;
  }
  const auto middle = std::partition(
      rows.begin() + static_cast<std::ptrdiff_t>(begin), rows.begin() + static_cast<std::ptrdiff_t>(end),
      [&, column = &columns_[split.axis]](std::size_t row) { return (*column)[row] <= split.threshold; });
  const auto at = static_cast<std::size_t>(middle - rows.begin());
  const std::int32_t left = grow(tree, rows, begin, at, depth + 1);
  const std::int32_t right = grow(tree, rows, at, end, depth + 1);
  tree[index].axis = split.axis;
  tree[index].threshold = split.threshold;
  tree[index].left = left;
  tree[index].right = right;
  return index;
}

// The best `axis <= threshold` split of rows[begin, end) over a random share of the axes, by the
// reduction of the squared error; false when no axis separates them.
bool RandomForest::best_split(const std::vector<std::size_t>& rows, std::size_t begin, std::size_t end, Split& split) {
  if (free_axes_.empty()) return false;
  const auto share = static_cast<std::size_t>(std::ceil(settings_.axes_share * static_cast<double>(free_axes_.size())));
  const std::size_t tries = std::clamp<std::size_t>(share, 1, free_axes_.size());
  bool found = false;
  split.score = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < tries; ++k) {
    // A partial Fisher-Yates: the first `tries` axes of a random order.
    std::swap(free_axes_[k], free_axes_[k + random_.below(free_axes_.size() - k)]);
    const std::uint32_t axis = free_axes_[k];
    std::vector<double>& counts = bin_count_[axis];
    std::vector<double>& sums = bin_sum_[axis];
    const std::vector<std::uint32_t>& column = columns_[axis];
    std::uint64_t low = axis_sizes_[axis], high = 0;
    double total = 0;
    for (std::size_t i = begin; i < end; ++i) {
      const std::uint64_t value = column[rows[i]];
      counts[value] += 1;
      sums[value] += y_[rows[i]];
      total += y_[rows[i]];
      low = std::min(low, value);
      high = std::max(high, value);
    }
    const double n = static_cast<double>(end - begin);
    double left_count = 0, left_sum = 0;
    for (std::uint64_t value = low; value < high; ++value) {
      left_count += counts[value];
      left_sum += sums[value];
      if (counts[value] == 0) continue;  // the same split as the value below
      const double right_count = n - left_count, right_sum = total - left_sum;
      const double score = left_sum * left_sum / left_count + right_sum * right_sum / right_count;
      if (score > split.score) {
        split = {axis, value, score};
        found = true;
      }
    }
    for (std::uint64_t value = low; value <= high; ++value) counts[value] = sums[value] = 0;
  }
  return found;
}

RandomForest::Prediction RandomForest::predict(const Point& point) {
  if (stale_) refit();
  if (!fitted_) return {};
  double mean = 0, second_moment = 0;
  for (const Tree& tree : trees_) {
    const Node* node = &tree[0];
    while (node->left >= 0) node = &tree[point[node->axis] <= node->threshold ? node->left : node->right];
    mean += node->mean;
    second_moment += node->variance + node->mean * node->mean;
  }
  const double trees = static_cast<double>(trees_.size());
  mean /= trees;
  const double variance = second_moment / trees - mean * mean;
  return {mean, std::sqrt(std::max(variance, 1e-6))};
}

double RandomForest::expected_improvement(const Point& point) {
  const Prediction prediction = predict(point);
  if (!fitted_) return 0.0;
  return expected_improvement_of(best_, prediction.mean, prediction.sigma);
}

}  // namespace policytune
