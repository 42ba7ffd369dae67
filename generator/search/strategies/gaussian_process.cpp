#include "search/strategies/gaussian_process.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace policytune {

GaussianProcess::GaussianProcess(const std::vector<std::uint64_t>& axis_sizes, double length_scale, double noise)
    : length_scale_(length_scale), noise_(noise) {
  for (const std::uint64_t size : axis_sizes) scale_.push_back(size > 1 ? 1.0 / static_cast<double>(size - 1) : 0.0);
}

std::vector<double> GaussianProcess::scaled(const Point& point) const {
  std::vector<double> x(point.size());
  for (std::size_t axis = 0; axis < point.size(); ++axis) x[axis] = static_cast<double>(point[axis]) * scale_[axis];
  return x;
}

double GaussianProcess::kernel(const std::vector<double>& a, const std::vector<double>& b) const {
  double squared = 0;
  for (std::size_t i = 0; i < a.size(); ++i) squared += (a[i] - b[i]) * (a[i] - b[i]);
  const double r = std::sqrt(5.0 * squared) / length_scale_;
  return (1.0 + r + r * r / 3.0) * std::exp(-r);
}

// x with L x = right, L the factor so far.
std::vector<double> GaussianProcess::solve_lower(const std::vector<double>& right) const {
  std::vector<double> x(right.size());
  for (std::size_t i = 0; i < right.size(); ++i) {
    double sum = right[i];
    const std::vector<double>& row = rows_[i];
    for (std::size_t j = 0; j < i; ++j) sum -= row[j] * x[j];
    x[i] = sum / row[i];
  }
  return x;
}

void GaussianProcess::add(const Point& point, double cost) {
  std::vector<double> x = scaled(point);
  std::vector<double> covariances(points_.size());
  for (std::size_t i = 0; i < points_.size(); ++i) covariances[i] = kernel(points_[i], x);
  std::vector<double> row = solve_lower(covariances);
  double squared = 0;
  for (const double value : row) squared += value * value;
  row.push_back(std::sqrt(std::max(1.0 + noise_ - squared, 1e-9)));
  rows_.push_back(std::move(row));
  points_.push_back(std::move(x));
  log_costs_.push_back(std::isfinite(cost) && cost > 0 ? std::log(cost) : std::numeric_limits<double>::infinity());
  stale_ = true;
}

// The weights K^-1 y for the standardised log costs, failures at the worst seen.
void GaussianProcess::refresh() {
  stale_ = false;
  const auto standardised = standardised_log_costs(log_costs_);
  fitted_ = standardised.has_value();
  if (!fitted_) return;
  const std::vector<double>& y = *standardised;
  best_ = *std::min_element(y.begin(), y.end());
  // Back substitution with L^T after the forward one.
  std::vector<double> forward = solve_lower(y);
  weights_.assign(y.size(), 0.0);
  for (std::size_t i = y.size(); i-- > 0;) {
    double value = forward[i];
    for (std::size_t j = i + 1; j < y.size(); ++j) value -= rows_[j][i] * weights_[j];
    weights_[i] = value / rows_[i][i];
  }
}

double GaussianProcess::expected_improvement(const Point& point) {
  if (stale_) refresh();
  if (!fitted_) return 0.0;
  const std::vector<double> x = scaled(point);
  std::vector<double> covariances(points_.size());
  double mean = 0;
  for (std::size_t i = 0; i < points_.size(); ++i) {
    covariances[i] = kernel(points_[i], x);
    mean += covariances[i] * weights_[i];
  }
  const std::vector<double> v = solve_lower(covariances);
  double explained = 0;
  for (const double value : v) explained += value * value;
  const double sigma = std::sqrt(std::max(1.0 - explained, 1e-12));
  return expected_improvement_of(best_, mean, sigma);
}

}  // namespace policytune
