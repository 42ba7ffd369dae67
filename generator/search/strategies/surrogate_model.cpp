#include "search/strategies/surrogate_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace policytune {

std::optional<std::vector<double>> standardised_log_costs(const std::vector<double>& log_costs) {
  double worst = -std::numeric_limits<double>::infinity(), sum = 0, squares = 0;
  std::size_t successes = 0;
  for (const double y : log_costs) {
    if (!std::isfinite(y)) continue;
    worst = std::max(worst, y);
    sum += y;
    squares += y * y;
    ++successes;
  }
  if (successes < 2) return std::nullopt;
  const double mean = sum / static_cast<double>(successes);
  const double spread = std::sqrt(std::max(squares / static_cast<double>(successes) - mean * mean, 1e-12));
  std::vector<double> standardised(log_costs.size());
  for (std::size_t i = 0; i < log_costs.size(); ++i) {
    standardised[i] = ((std::isfinite(log_costs[i]) ? log_costs[i] : worst) - mean) / spread;
  }
  return standardised;
}

double expected_improvement_of(double best, double mean, double sigma) {
  const double gain = best - mean;
  const double z = gain / sigma;
  const double cdf = 0.5 * std::erfc(-z / std::sqrt(2.0));
  const double pdf = std::exp(-0.5 * z * z) / std::sqrt(2.0 * 3.14159265358979323846);
  return gain * cdf + sigma * pdf;
}

}  // namespace policytune
