#include "search/strategies/prior_witnesses.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

#include "kernel_tuner/landscape.hpp"
#include "search/replay.hpp"
#include "support/strategy_driver.hpp"

using namespace policytune;
using namespace policytune::testing;

namespace {

// What a device whose landscape is the bowl around `target` measured, everywhere.
std::vector<std::pair<Point, std::optional<double>>> bowl_source(const StrategySpace& space, const Point& target) {
  std::vector<std::pair<Point, std::optional<double>>> results;
  const CostFunction cost = bowl(target);
  for (const Point& point : allowed_points(space)) results.emplace_back(point, cost(point));
  return results;
}

// A prior of one source per bowl: the devices whose landscapes are the bowls around `targets`.
SearchPrior prior_of_bowls(const StrategySpace& space, const std::vector<Point>& targets) {
  SearchPrior prior;
  for (const Point& target : targets) prior.add_source(bowl_source(space, target));
  return prior;
}

// Which source's ranking a point came from: the one that ranks it higher.
std::size_t nearer(const SearchPrior& prior, const Point& point) {
  return *prior.source_score(0, point) >= *prior.source_score(1, point) ? 0 : 1;
}

}  // namespace

TEST_CASE("prior_witnesses starts with each source's best in turn", "[strategy][prior]") {
  const GridSpace space({8, 8, 8});
  const SearchPrior prior = prior_of_bowls(space, {{1, 1, 1}, {6, 6, 6}});
  auto strategy = make_prior_witnesses(space, 40, 1, {}, &prior);
  const auto run = drive(*strategy, space, 40, bowl({1, 1, 2}));
  REQUIRE(run.proposed.size() == 40);
  CHECK(run.proposed[0] == Point{1, 1, 1});
  CHECK(run.proposed[1] == Point{6, 6, 6});
  CHECK(nearer(prior, run.proposed[2]) == 0);
  CHECK(nearer(prior, run.proposed[3]) == 1);
  CHECK(*run.best == 1.0);
}

TEST_CASE("prior_witnesses listens to the source that agrees with the target", "[strategy][prior]") {
  // The target is source 1's bowl: two rounds in turn, a fifth point before the evidence is
  // judged (the first source's turn on a tie); then source 0 disagrees and is dropped, and the
  // rest of the prior's share is source 1's.
  const GridSpace space({8, 8, 8});
  const SearchPrior prior = prior_of_bowls(space, {{0, 0, 0}, {5, 6, 7}});
  PriorWitnessesSettings settings;
  settings.prior_share = 1.0;  // no evolution: every point comes from a ranking
  auto strategy = make_prior_witnesses(space, 30, 1, settings, &prior);
  const auto run = drive(*strategy, space, 30, bowl({5, 6, 7}));
  REQUIRE(run.proposed.size() == 30);
  const auto from_source_0 = std::count_if(run.proposed.begin() + 5, run.proposed.end(),
                                           [&](const Point& point) { return nearer(prior, point) == 0; });
  CHECK(from_source_0 == 0);
  CHECK(*run.best == 1.0);
}

TEST_CASE("prior_witnesses with the same seed gives the same search, and keeps to its budget", "[strategy][prior]") {
  const GridSpace space({8, 8, 8}, [](const Point& p) { return p[0] != 3; });
  const SearchPrior prior = prior_of_bowls(space, {{3, 4, 5}, {2, 2, 2}, {7, 0, 7}});
  for (const std::uint64_t budget : {1, 7, 60}) {
    const auto first = drive(*make_prior_witnesses(space, budget, 11, {}, &prior), space, budget, bowl({2, 4, 6}));
    const auto second = drive(*make_prior_witnesses(space, budget, 11, {}, &prior), space, budget, bowl({2, 4, 6}));
    CHECK(first.proposed.size() == budget);
    CHECK(first.proposed == second.proposed);
    // In batches, as parallel builds ask: still within the budget, each point once.
    CHECK(drive(*make_prior_witnesses(space, budget, 11, {}, &prior), space, budget, bowl({2, 4, 6}), {3, 1, 5})
              .proposed.size() == budget);
  }
}

TEST_CASE("prior_witnesses hands the rest of the budget to the evolution, which finds the bottom",
          "[strategy][prior]") {
  // Both sources mislead: the target's bowl is far from both.
  const GridSpace space({10, 10, 10, 10});
  const SearchPrior prior = prior_of_bowls(space, {{0, 9, 0, 9}, {9, 0, 9, 0}});
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const auto run = drive(*make_prior_witnesses(space, 400, seed, {}, &prior), space, 400, bowl({6, 2, 9, 4}));
    REQUIRE(run.best);
    CHECK(*run.best <= 2.0);
  }
}

TEST_CASE("prior_witnesses' evolution is surrogate_evolution's unless told otherwise", "[strategy][prior][surrogate]") {
  // The same prior phase, then the model-guided evolution: the points differ from the plain
  // evolution's once the prior's half of the budget is spent, and not before.
  const GridSpace space({8, 8, 8});
  const SearchPrior prior = prior_of_bowls(space, {{1, 1, 1}, {6, 6, 6}});
  PriorWitnessesSettings plain;
  plain.evolution = AdaptiveEvolutionSettings{};
  const auto by_default = drive(*make_prior_witnesses(space, 80, 3, {}, &prior), space, 80, bowl({2, 5, 3}), {1});
  const auto with_plain = drive(*make_prior_witnesses(space, 80, 3, plain, &prior), space, 80, bowl({2, 5, 3}), {1});
  REQUIRE(by_default.proposed.size() == 80);
  REQUIRE(with_plain.proposed.size() == 80);
  const std::vector<Point> default_prior_phase(by_default.proposed.begin(), by_default.proposed.begin() + 40);
  const std::vector<Point> plain_prior_phase(with_plain.proposed.begin(), with_plain.proposed.begin() + 40);
  CHECK(default_prior_phase == plain_prior_phase);
  CHECK(by_default.proposed != with_plain.proposed);
  PriorWitnessesSettings model;
  model.evolution = surrogate_settings(AdaptiveEvolutionSettings::Surrogate::gaussian_process);
  CHECK(drive(*make_prior_witnesses(space, 80, 3, model, &prior), space, 80, bowl({2, 5, 3}), {1}).proposed ==
        by_default.proposed);
}

TEST_CASE("prior_witnesses and prior_round_robin replay hand-written landscapes", "[strategy][replay]") {
  const std::string dir = POLICYTUNE_TEST_DATA "/landscapes/transfer/";
  const Landscape target = Landscape::read(dir + "GPU_C__tiny.json");
  const std::vector<std::string> files{dir + "GPU_A__tiny.json", dir + "GPU_B__tiny.json"};
  const std::vector<Landscape> others{Landscape::read(files[0]), Landscape::read(files[1])};
  const SearchPrior prior = landscape_prior(target, others, files);
  REQUIRE(prior.sources() == 2);
  // GPU_C's best, (64, 1) at 0.9, failed on GPU_A and GPU_B never measured it. In turn: A's best
  // (64, 0), 1.2 here; B's best (128, 0), 3.0 here (its 256 is not in this space); A's second (32, 0).
  CHECK(replay_once(target, "prior_round_robin", 1, 1, 1, &prior) == Approx(0.75));
  CHECK(replay_once(target, "prior_round_robin", 3, 1, 1, &prior) == Approx(0.75));
  CHECK(replay_once(target, "prior_witnesses", 2, 1, 1, &prior) == Approx(0.75));
  // Five configurations: a whole search finds the best, whatever the priors said.
  CHECK(replay_once(target, "prior_round_robin", 5, 1, 1, &prior) == 1.0);
  CHECK(replay_once(target, "prior_witnesses", 5, 1, 1, &prior) == 1.0);
}
