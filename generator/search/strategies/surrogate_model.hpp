#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "space/strategy_space.hpp"

namespace policytune {

// What a model-guided strategy asks of its model of the costs: learn each result, and rate an
// unmeasured point by how much it is expected to improve on the best so far (higher is more
// promising; 0 while the model knows too little). The Gaussian process and the random forest are two.
class SurrogateModel {
public:
  virtual ~SurrogateModel() = default;
  // `cost` > 0, or infinity for a failure.
  virtual void add(const Point& point, double cost) = 0;
  virtual std::size_t size() const noexcept = 0;
  virtual double expected_improvement(const Point& point) = 0;
};

// The log costs a model is fitted to, standardised (mean 0, spread 1 over the successes), a failure
// (infinity) taken as the worst success: it tells the model to stay away without an infinite pull.
// nullopt with fewer than two successes, which give no scale.
std::optional<std::vector<double>> standardised_log_costs(const std::vector<double>& log_costs);

// Expected improvement below `best` of a normal prediction (mean, sigma > 0).
double expected_improvement_of(double best, double mean, double sigma);

}  // namespace policytune
