#include "search/search_prior.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("a prior scores points by their rank on each source, averaged over the sources", "[prior]") {
  SearchPrior prior;
  CHECK(prior.empty());
  // Source 1: {0} fastest, {1} middle, {2} slowest, {3} failed.
  prior.add_source({{{1}, 2.0}, {{0}, 1.0}, {{3}, std::nullopt}, {{2}, 3.0}});
  CHECK(prior.sources() == 1);
  CHECK(*prior.score({0}) == 1.0);
  CHECK(*prior.score({3}) == 0.0);
  CHECK(*prior.score({1}) == Approx(2.0 / 3.0));
  CHECK_FALSE(prior.score({9}));
  // Source 2 disagrees about {0} and {1}, and never measured {2} or {3}: only its points change.
  prior.add_source({{{0}, 5.0}, {{1}, 4.0}});
  CHECK(*prior.score({0}) == Approx(0.5));
  CHECK(*prior.score({1}) == Approx((2.0 / 3.0 + 1.0) / 2));
  CHECK(*prior.score({2}) == Approx(1.0 / 3.0));
  CHECK(prior.ranked() == std::vector<Point>{{1}, {0}, {2}, {3}});
}

TEST_CASE("equal times share a rank, and the ranking breaks ties by point", "[prior]") {
  SearchPrior prior;
  prior.add_source({{{2}, 1.0}, {{1}, 1.0}, {{0}, 2.0}});
  CHECK(*prior.score({1}) == *prior.score({2}));
  CHECK(prior.ranked() == std::vector<Point>{{1}, {2}, {0}});
}

TEST_CASE("a prior's agreement is the rank correlation with what was measured", "[prior]") {
  SearchPrior prior;
  prior.add_source({{{0}, 1.0}, {{1}, 2.0}, {{2}, 3.0}, {{3}, 4.0}});
  const std::map<Point, double> same{{{0}, 10.0}, {{1}, 20.0}, {{2}, 30.0}, {{3}, 40.0}};
  const std::map<Point, double> reversed{{{0}, 40.0}, {{1}, 30.0}, {{2}, 20.0}, {{3}, 10.0}};
  CHECK(prior_agreement(prior, same, 4) == Approx(1.0));
  CHECK(prior_agreement(prior, reversed, 4) == Approx(-1.0));
  CHECK(prior_agreement(prior, same, 5) == 0.0);  // too little evidence yet
  // Points the prior does not score do not count; a failure measured here is the slowest.
  const std::map<Point, double> failed{
      {{0}, 1.0}, {{1}, 2.0}, {{3}, std::numeric_limits<double>::infinity()}, {{7}, 0.1}};
  CHECK(prior_agreement(prior, failed, 3) == Approx(1.0));
}

TEST_CASE("a prior keeps each source's scores and ranking apart", "[prior]") {
  SearchPrior prior;
  prior.add_source({{{1}, 2.0}, {{0}, 1.0}, {{3}, std::nullopt}, {{2}, 3.0}});
  prior.add_source({{{0}, 5.0}, {{1}, 4.0}});
  CHECK(prior.source_ranked(0) == std::vector<Point>{{0}, {1}, {2}, {3}});  // the failure last
  CHECK(prior.source_ranked(1) == std::vector<Point>{{1}, {0}});
  CHECK(*prior.source_score(1, {1}) == 1.0);
  CHECK_FALSE(prior.source_score(1, {2}));
}

TEST_CASE("a weighted prior counts each source by its weight, and leaves out weight 0", "[prior]") {
  SearchPrior prior;
  prior.add_source({{{0}, 1.0}, {{1}, 2.0}});  // {0} 1, {1} 0
  prior.add_source({{{0}, 2.0}, {{1}, 1.0}});  // {0} 0, {1} 1
  const SearchPrior leaning = prior.weighted({1.0, 3.0});
  CHECK(*leaning.score({0}) == Approx(0.25));
  CHECK(leaning.ranked() == std::vector<Point>{{1}, {0}});
  const SearchPrior alone = prior.weighted({1.0, 0.0});
  CHECK(alone.sources() == 1);
  CHECK(alone.ranked() == std::vector<Point>{{0}, {1}});
}

TEST_CASE("a source's agreement is its own rank correlation with what was measured", "[prior]") {
  SearchPrior prior;
  prior.add_source({{{0}, 1.0}, {{1}, 2.0}, {{2}, 3.0}});
  prior.add_source({{{0}, 3.0}, {{1}, 2.0}, {{2}, 1.0}});
  const std::map<Point, double> measured{{{0}, 10.0}, {{1}, 20.0}, {{2}, 30.0}};
  CHECK(source_agreement(prior, 0, measured, 3) == Approx(1.0));
  CHECK(source_agreement(prior, 1, measured, 3) == Approx(-1.0));
  CHECK(prior_agreement(prior, measured, 3) == 0.0);  // the mean of both ranks them all alike
}
