// The winner of one compile-time workload: the best-ranked usable variant whose score beats base by
// more than the measurement noise, and among the confirmed variants where a confirmation ran.
#include "select/pick_winner.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <deque>

#include "select/score.hpp"

using namespace policytune;

namespace {

// Owns the measurements a test scores; score_workload and pick_winner take pointers.
struct PickWinnerRows {
  std::deque<Measurement> owned;
  std::vector<const Measurement*> pointers;

  // 100 samples: the median's relative noise is 1.2533 * relative_stddev / 10.
  void add(const std::string& variant, const std::string& rt, double median, double relative_stddev,
           Status status = Status::ok) {
    Measurement m;
    m.variant = variant;
    m.entry = "base";
    m.rt_workload = rt;
    m.status = status;
    m.statistics.count = 100;
    m.statistics.median = median;
    m.statistics.stddev = median * relative_stddev;
    owned.push_back(m);
    pointers.push_back(&owned.back());
  }
};

}  // namespace

TEST_CASE("a winner's noise combines base's and its own medians' noise on base's successful workloads",
          "[pick_winner]") {
  PickWinnerRows rows;
  rows.add("base", "n=1", 1.0, 0.01);
  rows.add("base", "n=2", 1.0, 0.01);
  rows.add("base", "n=3", 1.0, 0.9, Status::run_failed);  // not a workload the score sums over
  rows.add("fast", "n=1", 0.5, 0.04);
  rows.add("fast", "n=2", 0.5, 0.04);
  rows.add("noisy", "n=1", 0.8, 0.3);  // another variant's noise plays no part in fast's
  rows.add("noisy", "n=2", 0.8, 0.3);
  const auto scored = score_workload(rows.pointers);
  const auto all = [](const std::string&) { return true; };
  const auto winner = pick_winner(scored, rows.pointers, all);
  REQUIRE(winner);
  CHECK(winner->score.variant == "fast");
  CHECK(winner->score.score == Approx(2.0));
  CHECK(winner->noise == Approx(std::hypot(1.2533 * 0.01 / 10, 1.2533 * 0.04 / 10)));

  // The best variant that cannot be rendered gives way to the next one above the noise.
  const auto not_fast = [](const std::string& variant) { return variant != "fast"; };
  const auto next = pick_winner(scored, rows.pointers, not_fast);
  REQUIRE(next);
  CHECK(next->score.variant == "noisy");
  CHECK(next->noise == Approx(std::hypot(1.2533 * 0.01 / 10, 1.2533 * 0.3 / 10)));
}

TEST_CASE("a base workload the variant was not measured on does not break its noise", "[pick_winner]") {
  PickWinnerRows rows;
  rows.add("base", "n=1", 1.0, 0.01);
  rows.add("base", "n=2", 0.0, 0.0);  // ok, but no measurement: not a workload the score sums over
  rows.add("fast", "n=1", 0.5, 0.04);
  const auto winner =
      pick_winner(score_workload(rows.pointers), rows.pointers, [](const std::string&) { return true; });
  REQUIRE(winner);
  CHECK(winner->score.variant == "fast");
  CHECK(winner->noise > 0);
  CHECK(winner->noise <= std::hypot(1.2533 * 0.01 / 10, 1.2533 * 0.04 / 10));
}

TEST_CASE("a variant whose gain is exactly the noise does not win", "[pick_winner]") {
  // Base without noise; the variant twice as fast, its median's noise exactly 1.
  const SampleStatistics statistics{1, 0.5, 0.5, 0.5 / 1.2533, 0.5, 0.5};
  REQUIRE(median_noise(statistics) == 1.0);
  PickWinnerRows rows;
  rows.add("base", "n=1", 1.0, 0.0);
  rows.add("twice", "n=1", 0.5, 0.0);
  rows.owned.back().statistics = statistics;
  const auto scored = score_workload(rows.pointers);
  REQUIRE(scored.ranked.at(0).score - 1.0 == 1.0);
  CHECK_FALSE(pick_winner(scored, rows.pointers, [](const std::string&) { return true; }));
  // A hair less noise, and it wins.
  rows.owned.back().statistics.stddev = std::nextafter(statistics.stddev, 0.0);
  CHECK(pick_winner(scored, rows.pointers, [](const std::string&) { return true; }));
}

TEST_CASE("where a confirmation round ran, only a confirmed variant may win", "[pick_winner]") {
  PickWinnerRows rows;
  rows.add("base", "n=1", 1.0, 0.0);
  rows.add("fastest", "n=1", 0.4, 0.0);  // measured during the search only
  rows.add("fast", "n=1", 0.5, 0.0);
  const auto all = [](const std::string&) { return true; };
  REQUIRE(pick_winner(score_workload(rows.pointers), rows.pointers, all)->score.variant == "fastest");
  // The confirmation measured base and fast again: their rows now pool its rounds.
  rows.owned[0].confirmed_rounds = 3;
  rows.owned[2].confirmed_rounds = 3;
  const auto winner = pick_winner(score_workload(rows.pointers), rows.pointers, all);
  REQUIRE(winner);
  CHECK(winner->score.variant == "fast");
}

TEST_CASE("nothing wins where base ranks first or nothing is usable", "[pick_winner]") {
  PickWinnerRows rows;
  rows.add("base", "n=1", 1.0, 0.0);
  rows.add("slow", "n=1", 2.0, 0.0);
  CHECK_FALSE(pick_winner(score_workload(rows.pointers), rows.pointers, [](const std::string&) { return true; }));
  rows.add("fast", "n=1", 0.5, 0.0);
  CHECK_FALSE(pick_winner(score_workload(rows.pointers), rows.pointers, [](const std::string&) { return false; }));
}
