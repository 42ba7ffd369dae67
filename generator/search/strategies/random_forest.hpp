#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/strategies/random_generator.hpp"
#include "search/strategies/surrogate_model.hpp"
#include "space/strategy_space.hpp"

namespace policytune {

// A random-forest surrogate of a strategy's costs over a discrete space (as in SMAC, Hutter et al.
// 2011): regression trees on log cost, each grown on a bootstrap sample of the results, splitting
// on `axis index <= threshold` with the best of a random share of the axes at each node. Trees
// suit these spaces better than a smooth kernel: axes are few-valued, often categorical in effect,
// and a parameter can matter in one region only; a failure counts as the worst cost seen, a cliff
// a tree models without smearing it over the neighbours. The prediction's spread is the spread of
// the trees' leaves (law of total variance), so expected improvement trades the forest's mean
// against its disagreement. Written here rather than taken from a library: ~200 lines, no
// dependency for the static build (`cmake --preset portable`). A fit is O(trees * axes * n log n);
// the forest refits lazily on the first prediction after new results.
struct RandomForestSettings {
  std::size_t trees = 16;
  double axes_share = 0.5;    // of the axes (at least one) a node chooses its split among
  std::size_t min_split = 3;  // results a node needs to split
  std::size_t max_depth = 24;
};

class RandomForest final : public SurrogateModel {
public:
  RandomForest(const std::vector<std::uint64_t>& axis_sizes, std::uint64_t seed,
               const RandomForestSettings& settings = {});

  void add(const Point& point, double cost) override;
  std::size_t size() const noexcept override { return log_costs_.size(); }
  // 0 before two successes are in.
  double expected_improvement(const Point& point) override;

  struct Prediction {
    double mean = 0;   // of the standardised log cost
    double sigma = 1;  // its spread over the trees and within their leaves
  };
  // The prior (0, 1) before two successes are in.
  Prediction predict(const Point& point);

private:
  struct Node {
    std::uint32_t axis = 0;
    std::uint64_t threshold = 0;  // axis index <= threshold: left
    std::int32_t left = -1;       // -1: a leaf
    std::int32_t right = -1;
    double mean = 0;
    double variance = 0;
  };
  using Tree = std::vector<Node>;

  struct Split {
    std::uint32_t axis = 0;
    std::uint64_t threshold = 0;
    double score = 0;  // the sum over both sides of sum^2 / count: higher is a purer split
  };

  void refit();
  std::int32_t grow(Tree& tree, std::vector<std::size_t>& rows, std::size_t begin, std::size_t end, std::size_t depth);
  bool best_split(const std::vector<std::size_t>& rows, std::size_t begin, std::size_t end, Split& split);

  std::vector<std::uint64_t> axis_sizes_;
  RandomForestSettings settings_;
  RandomGenerator random_;
  std::vector<std::vector<std::uint32_t>> columns_;  // per axis, every result's index: a split reads one axis
  std::vector<double> log_costs_;                    // infinity: failed
  std::vector<double> y_;                            // standardised, failures at the worst seen
  std::vector<Tree> trees_;
  std::vector<std::uint32_t> free_axes_;                  // axes of more than one value
  std::vector<std::vector<double>> bin_count_, bin_sum_;  // per axis and value, reused by best_split
  double best_ = 0;
  bool fitted_ = false;
  bool stale_ = true;
};

}  // namespace policytune
