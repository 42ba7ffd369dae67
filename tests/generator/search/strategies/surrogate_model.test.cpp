// What every surrogate model shares: the standardised log costs it is fitted to and the expected
// improvement of a normal prediction; and the interface, through the Gaussian process.
#include "search/strategies/surrogate_model.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "search/strategies/gaussian_process.hpp"

using namespace policytune;

TEST_CASE("log costs are standardised over the successes, a failure taken as the worst success", "[surrogate_model]") {
  const double infinity = std::numeric_limits<double>::infinity();
  const auto standardised = standardised_log_costs({1.0, 3.0, infinity});
  REQUIRE(standardised.has_value());
  REQUIRE(standardised->size() == 3);
  // Mean 2 and spread 1 over the successes: -1 and 1; the failure as the worst success.
  CHECK((*standardised)[0] == Approx(-1.0));
  CHECK((*standardised)[1] == Approx(1.0));
  CHECK((*standardised)[2] == Approx(1.0));

  const auto many = standardised_log_costs({0.5, 2.0, 4.0, 7.5});
  REQUIRE(many.has_value());
  double sum = 0, squares = 0;
  for (const double y : *many) {
    sum += y;
    squares += y * y;
  }
  CHECK(sum / 4 == Approx(0.0).margin(1e-12));
  CHECK(squares / 4 == Approx(1.0));
}

TEST_CASE("fewer than two successes give no scale to standardise by", "[surrogate_model]") {
  const double infinity = std::numeric_limits<double>::infinity();
  CHECK_FALSE(standardised_log_costs({}).has_value());
  CHECK_FALSE(standardised_log_costs({2.0}).has_value());
  CHECK_FALSE(standardised_log_costs({2.0, infinity, infinity}).has_value());
  // Two equal successes have no spread, yet a finite scale.
  const auto equal = standardised_log_costs({2.0, 2.0});
  REQUIRE(equal.has_value());
  CHECK(std::isfinite((*equal)[0]));
  CHECK((*equal)[0] == 0.0);
}

TEST_CASE("expected improvement of a normal prediction", "[surrogate_model]") {
  // At the best so far: sigma times the standard normal density at 0.
  CHECK(expected_improvement_of(1.0, 1.0, 2.0) == Approx(2.0 / std::sqrt(2.0 * 3.14159265358979323846)));
  // Far below the best with little spread: the gain itself; far above it: nothing.
  CHECK(expected_improvement_of(5.0, 1.0, 0.01) == Approx(4.0));
  CHECK(expected_improvement_of(1.0, 5.0, 0.01) == Approx(0.0).margin(1e-12));
  // More spread, more to hope for; a lower mean, more expected.
  CHECK(expected_improvement_of(1.0, 2.0, 2.0) > expected_improvement_of(1.0, 2.0, 0.5));
  CHECK(expected_improvement_of(1.0, 0.0, 1.0) > expected_improvement_of(1.0, 0.5, 1.0));
}

TEST_CASE("a surrogate model counts what it learned and expects nothing before it knows enough", "[surrogate_model]") {
  GaussianProcess gaussian_process({5, 5}, 0.3, 1e-3);
  SurrogateModel& model = gaussian_process;
  CHECK(model.size() == 0);
  CHECK(model.expected_improvement({2, 2}) == 0.0);
  model.add({0, 0}, 4.0);
  CHECK(model.size() == 1);
  CHECK(model.expected_improvement({2, 2}) == 0.0);  // one success: no scale yet
  model.add({4, 4}, 2.0);
  model.add({2, 3}, std::numeric_limits<double>::infinity());
  CHECK(model.size() == 3);
  CHECK(model.expected_improvement({3, 3}) >= 0.0);
}
