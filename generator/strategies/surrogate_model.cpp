#include "surrogate_model.hpp"

#include <cmath>

namespace policytune {

double expected_improvement_of(double best, double mean, double sigma) {
  const double gain = best - mean;
  const double z = gain / sigma;
  const double cdf = 0.5 * std::erfc(-z / std::sqrt(2.0));
  const double pdf = std::exp(-0.5 * z * z) / std::sqrt(2.0 * 3.14159265358979323846);
  return gain * cdf + sigma * pdf;
}

}  // namespace policytune
