#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/strategies/surrogate_model.hpp"
#include "space/strategy_space.hpp"

namespace policytune {

// A Gaussian-process surrogate of a strategy's costs over a discrete space: a point is its axis
// indices scaled to [0, 1] (adjacent values are near), the kernel a Matérn 5/2 with one length
// scale. It models log cost, standardised; a failure counts as the worst cost seen. Points are
// added one at a time and the Cholesky factor grows by a row (O(n^2)), so a proposal costs
// O(n^2) per candidate scored, with n the points measured (at most the budget).
class GaussianProcess final : public SurrogateModel {
public:
  // `length_scale` in units of the whole range of one axis.
  GaussianProcess(const std::vector<std::uint64_t>& axis_sizes, double length_scale, double noise);

  // `cost` > 0, or infinity for a failure.
  void add(const Point& point, double cost) override;
  std::size_t size() const noexcept override { return rows_.size(); }

  // How much below the best cost so far the point is expected to come (expected improvement, in
  // standardised log cost); higher is more promising. 0 before two successes are in.
  double expected_improvement(const Point& point) override;

private:
  std::vector<double> scaled(const Point& point) const;
  double kernel(const std::vector<double>& a, const std::vector<double>& b) const;
  std::vector<double> solve_lower(const std::vector<double>& right) const;
  void refresh();

  std::vector<double> scale_;  // per axis: 1 / (values - 1), 0 for one value
  double length_scale_;
  double noise_;
  std::vector<std::vector<double>> points_;  // scaled
  std::vector<double> log_costs_;            // infinity: failed
  std::vector<std::vector<double>> rows_;    // the Cholesky factor, row i of length i + 1
  std::vector<double> weights_;              // K^-1 y for the standardised y
  double best_ = 0;                          // standardised
  bool fitted_ = false;
  bool stale_ = true;
};

}  // namespace policytune
