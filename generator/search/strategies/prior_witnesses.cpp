#include "search/strategies/prior_witnesses.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

namespace policytune {
namespace {

class PriorWitnesses final : public SearchStrategy {
public:
  PriorWitnesses(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed,
                 const PriorWitnessesSettings& settings, const SearchPrior* prior)
      : space_(space),
        budget_(budget),
        seed_(seed),
        settings_(settings),
        prior_(prior != nullptr && !prior->empty() ? prior : nullptr) {
    const std::size_t sources = prior_ != nullptr ? prior_->sources() : 0;
    weights_.assign(sources, 1.0);
    next_.assign(sources, 0);
    taken_.assign(sources, 0);
    const double share = budget_ ? settings_.prior_share * static_cast<double>(*budget_)
                                 : static_cast<double>(settings_.unbudgeted_prior);
    prior_points_ = prior_ != nullptr ? static_cast<std::uint64_t>(std::floor(share)) : 0;
  }

  std::vector<Point> propose(std::size_t at_most) override {
    if (!pending_.empty()) throw std::logic_error("propose() before every proposed point was reported");
    std::vector<Point> batch;
    if (!evolution_) {
      while (batch.size() < at_most && room() && proposed_ < prior_points_) {
        std::optional<Point> point = next_witness_point();
        if (!point) break;
        take(std::move(*point), batch);
      }
      if (!batch.empty()) return batch;
      start_evolution();
    }
    while (batch.empty() && room()) {
      const std::vector<Point> points = evolution_->propose(at_most);
      if (points.empty()) break;
      for (const Point& point : points) {
        if (const auto found = costs_.find(point); found != costs_.end()) {
          // Measured in steps 1 and 2: the evolution hears its result at no cost.
          evolution_->report(point, std::isfinite(found->second) ? std::optional<double>(found->second) : std::nullopt);
        } else if (room()) {
          take(point, batch);
        }
      }
    }
    return batch;
  }

  void report(const Point& point, std::optional<double> cost) override {
    if (pending_.erase(point) == 0) throw std::logic_error("report() of a point that was not proposed");
    costs_.emplace(point, cost && !std::isnan(*cost) ? *cost : std::numeric_limits<double>::infinity());
    if (evolution_) {
      evolution_->report(point, cost);
    } else if (prior_ != nullptr && costs_.size() >= settings_.evidence) {
      reweigh();
    }
  }

private:
  bool room() const { return !budget_ || proposed_ < *budget_; }
  bool known(const Point& point) const { return costs_.count(point) != 0 || pending_.count(point) != 0; }

  void take(Point point, std::vector<Point>& batch) {
    pending_.insert(point);
    ++proposed_;
    batch.push_back(std::move(point));
  }

  // Steps 1 and 2: the next source's best point not known yet; nullopt once every kept ranking is
  // spent.
  std::optional<Point> next_witness_point() {
    const std::size_t sources = weights_.size();
    for (std::size_t tried = 0; tried < sources; ++tried) {
      const std::optional<std::size_t> source = proposed_ < settings_.round_robin_rounds * sources
                                                    ? std::optional<std::size_t>(turn_++ % sources)
                                                    : weighted_turn();
      if (!source) return std::nullopt;
      if (auto point = best_unknown(*source)) {
        ++taken_[*source];
        return point;
      }
      weights_[*source] = 0;  // its ranking is spent
    }
    return std::nullopt;
  }

  // Of the sources with weight, the one furthest behind its share (stride scheduling): shares in
  // proportion to the weights, the first source on ties.
  std::optional<std::size_t> weighted_turn() const {
    std::optional<std::size_t> best;
    double best_lag = 0;
    for (std::size_t source = 0; source < weights_.size(); ++source) {
      if (!(weights_[source] > 0)) continue;
      const double lag = static_cast<double>(taken_[source] + 1) / weights_[source];
      if (!best || lag < best_lag) {
        best = source;
        best_lag = lag;
      }
    }
    return best;
  }

  std::optional<Point> best_unknown(std::size_t source) {
    const auto& ranked = prior_->source_ranked(source);
    while (next_[source] < ranked.size()) {
      const Point& point = ranked[next_[source]];
      if (space_.allowed(point) && !known(point)) return point;
      ++next_[source];
    }
    return std::nullopt;
  }

  // Each source's weight is its agreement with what was measured; those clearly behind the best
  // are dropped. If no source agrees at all, none is preferred.
  void reweigh() {
    std::vector<double> agreements;
    for (std::size_t source = 0; source < weights_.size(); ++source) {
      agreements.push_back(source_agreement(*prior_, source, costs_, settings_.evidence));
    }
    const double best = *std::max_element(agreements.begin(), agreements.end());
    for (std::size_t source = 0; source < weights_.size(); ++source) {
      if (next_[source] >= prior_->source_ranked(source).size()) {
        weights_[source] = 0;
      } else if (best <= 0) {
        weights_[source] = 1;
      } else {
        const bool kept = agreements[source] > 0 && agreements[source] >= best - settings_.drop_margin;
        weights_[source] = kept ? agreements[source] : 0;
      }
    }
  }

  // Step 3, with the sources as last weighed.
  void start_evolution() {
    const SearchPrior* guide = nullptr;
    if (prior_ != nullptr) {
      std::vector<double> weights = weights_;
      if (std::none_of(weights.begin(), weights.end(), [](double w) { return w > 0; }))
        weights.assign(weights.size(), 1);
      evolution_prior_ = prior_->weighted(weights);
      guide = &evolution_prior_;
    }
    // Its budget counts the points measured here again when it proposes them, free of charge;
    // this strategy stops it at the real budget.
    evolution_ = make_adaptive_evolution(space_, budget_, seed_, settings_.evolution, guide);
  }

  const StrategySpace& space_;
  std::optional<std::uint64_t> budget_;
  std::uint64_t seed_;
  PriorWitnessesSettings settings_;
  const SearchPrior* prior_;        // nullptr: none, or an empty one
  std::uint64_t prior_points_ = 0;  // proposals spent on steps 1 and 2
  std::vector<double> weights_;     // per source; 0: dropped
  std::vector<std::size_t> next_;   // per source, the next place in its ranking
  std::vector<std::size_t> taken_;  // per source, points proposed on its turn
  std::size_t turn_ = 0;            // of the round robin
  std::map<Point, double> costs_;   // every result, failures infinite
  std::set<Point> pending_;
  std::uint64_t proposed_ = 0;
  SearchPrior evolution_prior_;                // the weighted sources step 3 is guided by
  std::unique_ptr<SearchStrategy> evolution_;  // step 3, once started
};

}  // namespace

std::unique_ptr<SearchStrategy> make_prior_witnesses(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                     std::uint64_t seed, const PriorWitnessesSettings& settings,
                                                     const SearchPrior* prior) {
  return std::make_unique<PriorWitnesses>(space, budget, seed, settings, prior);
}

}  // namespace policytune
