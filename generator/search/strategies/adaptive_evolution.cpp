#include "search/strategies/adaptive_evolution.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

#include "search/strategies/budgeted_strategy.hpp"
#include "search/strategies/gaussian_process.hpp"
#include "search/strategies/random_forest.hpp"

namespace policytune {
namespace {

std::unique_ptr<SurrogateModel> make_surrogate(const StrategySpace& space, std::uint64_t seed,
                                               const AdaptiveEvolutionSettings& settings) {
  using Surrogate = AdaptiveEvolutionSettings::Surrogate;
  switch (settings.surrogate) {
    case Surrogate::gaussian_process:
      return std::make_unique<GaussianProcess>(space.axis_sizes(), settings.surrogate_length_scale,
                                               settings.surrogate_noise);
    case Surrogate::random_forest:
      // Its own stream, so that the search's draws do not depend on how often the model refits.
      return std::make_unique<RandomForest>(space.axis_sizes(), seed ^ 0x9e3779b97f4a7c15ULL, settings.forest);
    case Surrogate::none:
      break;
  }
  return nullptr;
}

// How often a proposal tries to find a new point near the parents before taking a random one.
constexpr int kMutationTries = 200;

class AdaptiveEvolution final : public BudgetedStrategy {
public:
  AdaptiveEvolution(const StrategySpace& space, std::optional<std::uint64_t> budget, std::uint64_t seed,
                    const AdaptiveEvolutionSettings& settings, const SearchPrior* prior)
      : BudgetedStrategy(space, budget, seed),
        settings_(settings),
        samples_left_(settings.first_samples),
        prior_(prior != nullptr && !prior->empty() ? prior : nullptr),
        trust_(prior_ != nullptr ? 1.0 : 0.0) {
    surrogate_ = make_surrogate(space, seed, settings);
    for (const std::uint64_t size : space.axis_sizes()) {
      const std::size_t tracked = size <= settings.credit_axis_limit ? size : 0;
      credit_sum_.emplace_back(tracked, 0.0);
      credit_count_.emplace_back(tracked, 0.0);
    }
  }

private:
  using Ranked = std::vector<std::pair<double, Point>>;  // best first

  std::optional<Point> next_point() override {
    if (!refining_ && budget() &&
        static_cast<double>(proposed()) >= (1.0 - settings_.final_share) * static_cast<double>(*budget())) {
      start_refining();
    }
    if (restart_due_ && !refining_) restart();
    if (samples_left_ > 0 || parents_.empty()) {
      if (samples_left_ > 0) --samples_left_;
      // The first run starts where the prior points; later ones at random, as without a prior, so
      // that a prior pointing at the wrong basin costs one run.
      if (prior_ != nullptr && runs_ == 0) {
        if (auto point = next_prior_point()) return point;
      }
      if (surrogate_ && settings_.surrogate_samples > 1 && surrogate_->size() >= settings_.first_samples) {
        if (auto point = promising_random_point()) return point;
      }
      return random_unseen_point();
    }
    if (prior_ != nullptr && random().chance(trust_)) {
      if (auto child = best_mutant(settings_.prior_candidates,
                                   [this](const Point& p) { return prior_->score(p).value_or(0.0); })) {
        return child;
      }
    }
    if (surrogate_ && surrogate_->size() >= settings_.first_samples && model_picks_this_mutation()) {
      if (auto child = best_mutant(settings_.surrogate_candidates,
                                   [this](const Point& p) { return surrogate_->expected_improvement(p); })) {
        return child;
      }
    }
    for (int attempt = 0; attempt < kMutationTries; ++attempt) {
      const Point& parent = parents_[pick_by_rank(parents_.size(), random())].second;
      Point child = mutant_of(parent);
      if (space().allowed(child) && !known(child)) {
        parent_of_.emplace(child, parent);
        return child;
      }
    }
    return random_unseen_point();  // the parents' surroundings are spent
  }

  void learn(const Point& point, double cost) override {
    if (const auto parent = parent_of_.find(point); parent != parent_of_.end()) {
      earn_credit(parent->second, point, cost);
      parent_of_.erase(parent);
    }
    if (parents_.empty() || cost < parents_.front().first * (1.0 - settings_.clear_improvement)) {
      since_improvement_ = 0;
    } else if (++since_improvement_ >= patience()) {
      restart_due_ = true;  // applied at the next proposal, once this round's results are in
    }
    keep(parents_, point, cost);
    if (surrogate_) surrogate_->add(point, cost);
    // Judged again every few results: the correlation costs a sort of what was measured.
    if (prior_ != nullptr && costs().size() >= settings_.prior_evidence && costs().size() % 4 == 0) {
      trust_ = std::clamp(prior_agreement(*prior_, costs(), settings_.prior_evidence), 0.0, 1.0);
    }
  }

  // The prior's best point not known yet, in its ranking's order.
  std::optional<Point> next_prior_point() {
    const auto& ranked = prior_->ranked();
    while (prior_next_ < ranked.size()) {
      const Point& point = ranked[prior_next_++];
      if (space().allowed(point) && !known(point)) return point;
    }
    return std::nullopt;
  }

  // Of a few random new points, the one the surrogate expects most of: a restart where the model
  // sees room, not at random.
  std::optional<Point> promising_random_point() {
    const auto& sizes = space().axis_sizes();
    std::optional<Point> best;
    double best_score = -std::numeric_limits<double>::infinity();
    std::size_t found = 0;
    for (int attempt = 0; attempt < 50 * kMutationTries && found < settings_.surrogate_samples; ++attempt) {
      Point point(sizes.size());
      for (std::size_t axis = 0; axis < sizes.size(); ++axis) point[axis] = random().below(sizes[axis]);
      if (!space().allowed(point) || known(point)) continue;
      ++found;
      const double rating = surrogate_->expected_improvement(point);
      if (rating > best_score) {
        best_score = rating;
        best = std::move(point);
      }
    }
    return best;
  }

  // Of `candidates` new mutants of the parents, the one `score` rates highest.
  template <typename Score>
  std::optional<Point> best_mutant(std::size_t candidates, const Score& score) {
    std::optional<Point> best;
    Point best_parent;
    double best_score = -std::numeric_limits<double>::infinity();
    std::size_t found = 0;
    for (int attempt = 0; attempt < kMutationTries && found < candidates; ++attempt) {
      const Point& parent = parents_[pick_by_rank(parents_.size(), random())].second;
      Point child = mutant_of(parent);
      if (!space().allowed(child) || known(child)) continue;
      ++found;
      const double rating = score(child);
      if (rating > best_score) {
        best_score = rating;
        best = std::move(child);
        best_parent = parent;
      }
    }
    if (best) parent_of_.emplace(*best, best_parent);
    return best;
  }

  // Whether the surrogate picks the next mutant (surrogate_chance), else the credit alone does: the
  // model alone keeps to the basin it believes in. Certain outcomes draw nothing, so a chance of 1
  // (or 0) leaves the search's draws as they were without the setting.
  bool model_picks_this_mutation() {
    if (settings_.surrogate_chance >= 1.0) return true;
    if (settings_.surrogate_chance <= 0.0) return false;
    return random().chance(settings_.surrogate_chance);
  }

  // A run that the prior started has shorter patience: its start was not found on this device,
  // and a prior that points at the wrong basin should cost little.
  std::size_t patience() const {
    return prior_ != nullptr && runs_ == 0 ? settings_.prior_patience : settings_.patience;
  }

  void restart() {
    restart_due_ = false;
    ++runs_;
    parents_.clear();
    since_improvement_ = 0;
    samples_left_ = settings_.restart_samples;
  }

  // From now on the parents are the best points of all runs, and no run is abandoned.
  void start_refining() {
    refining_ = true;
    samples_left_ = 0;
    parents_.clear();
    for (const auto& [point, cost] : costs()) keep(parents_, point, cost);
  }

  // Inserts by cost, keeping the `parents` best.
  void keep(Ranked& ranked, const Point& point, double cost) const {
    const auto at = std::upper_bound(ranked.begin(), ranked.end(), cost,
                                     [](double value, const auto& entry) { return value < entry.first; });
    if (static_cast<std::size_t>(at - ranked.begin()) >= settings_.parents) return;
    ranked.insert(at, {cost, point});
    if (ranked.size() > settings_.parents) ranked.pop_back();
  }

  Point mutant_of(const Point& parent) {
    const double draw = random().uniform();
    const std::size_t changes = draw < 0.7 ? 1 : draw < 0.9 ? 2 : 3;
    const auto& sizes = space().axis_sizes();
    std::vector<std::size_t> axes;
    for (std::size_t axis = 0; axis < sizes.size(); ++axis) {
      if (sizes[axis] > 1) axes.push_back(axis);
    }
    Point child = parent;
    for (std::size_t change = 0; change < changes && !axes.empty(); ++change) {
      const std::size_t pick = random().below(axes.size());
      const std::size_t axis = axes[pick];
      axes[pick] = axes.back();
      axes.pop_back();
      if (!credit_sum_[axis].empty() && random().chance(settings_.credit_choice)) {
        child[axis] = best_credited(axis, parent[axis]);
      } else {
        change_axis(child, axis, sizes[axis], settings_.adjacent, random());
      }
    }
    return child;
  }

  // The value of `axis` other than `current` with the best credit plus noise. Credit is a mean
  // shrunk towards zero, so untried values sit between helpful and harmful ones.
  std::uint64_t best_credited(std::size_t axis, std::uint64_t current) {
    std::uint64_t best_value = current;
    double best_score = -std::numeric_limits<double>::infinity();
    for (std::uint64_t value = 0; value < credit_sum_[axis].size(); ++value) {
      if (value == current) continue;
      const double score =
          credit_sum_[axis][value] / (credit_count_[axis][value] + 1.0) + settings_.credit_noise * random().uniform();
      if (score > best_score) {
        best_score = score;
        best_value = value;
      }
    }
    return best_value;
  }

  // Credits every value the child took from its parent with the child's gain in log cost.
  void earn_credit(const Point& parent, const Point& child, double child_cost) {
    const std::optional<double> parent_cost = cost_of(parent);
    if (!parent_cost || !std::isfinite(*parent_cost) || *parent_cost <= 0 || child_cost <= 0) return;
    const double gain =
        std::isfinite(child_cost) ? std::log(*parent_cost) - std::log(child_cost) : -settings_.failure_penalty;
    for (std::size_t axis = 0; axis < child.size(); ++axis) {
      if (child[axis] == parent[axis] || credit_sum_[axis].empty()) continue;
      credit_sum_[axis][child[axis]] += gain;
      credit_count_[axis][child[axis]] += 1;
    }
  }

  AdaptiveEvolutionSettings settings_;
  std::size_t samples_left_;
  Ranked parents_;  // the current run's best points (all runs' once refining)
  std::size_t since_improvement_ = 0;
  bool restart_due_ = false;
  bool refining_ = false;
  std::map<Point, Point> parent_of_;                            // proposed children awaiting their result
  std::vector<std::vector<double>> credit_sum_, credit_count_;  // per axis and value
  std::unique_ptr<SurrogateModel> surrogate_;                   // nullptr: settings.surrogate is none
  const SearchPrior* prior_;                                    // nullptr: none, or an empty one
  double trust_;                // chance that the prior steers a choice: its agreement so far
  std::size_t prior_next_ = 0;  // the prior's ranking is taken in order
  std::size_t runs_ = 0;        // restarts so far
};

}  // namespace

AdaptiveEvolutionSettings surrogate_settings(AdaptiveEvolutionSettings::Surrogate model) {
  AdaptiveEvolutionSettings settings;
  settings.surrogate = model;
  if (model == AdaptiveEvolutionSettings::Surrogate::gaussian_process) {
    // Round numbers, chosen on the mean over the 18 development landscapes, never per file
    // (docs/results/default-without-prior.md).
    settings.surrogate_candidates = 32;
    settings.surrogate_chance = 0.5;
    settings.surrogate_length_scale = 0.5;
  }
  if (model == AdaptiveEvolutionSettings::Surrogate::random_forest) {
    settings.surrogate_candidates = 32;
    settings.surrogate_samples = 1;
  }
  return settings;
}

std::unique_ptr<SearchStrategy> make_adaptive_evolution(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                        std::uint64_t seed, const AdaptiveEvolutionSettings& settings,
                                                        const SearchPrior* prior) {
  return std::make_unique<AdaptiveEvolution>(space, budget, seed, settings, prior);
}

}  // namespace policytune
