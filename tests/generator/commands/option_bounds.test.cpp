#include "commands/option_bounds.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace policytune;

namespace {

// What a validator says of `text`: empty when it accepts it.
std::string option_bounds_verdict(CLI::Validator validator, std::string text) { return validator(text); }

}  // namespace

TEST_CASE("number_between takes finite numbers in the bounds, whole text only", "[option_bounds]") {
  const CLI::Validator seconds = number_between(0.1, 3600);
  for (const std::string good : {"0.1", "1", "2.5", "3600", "1e3"}) CHECK(option_bounds_verdict(seconds, good).empty());
  CHECK(option_bounds_verdict(seconds, "0.05") == "must be a number between 0.1 and 3600, not '0.05'");
  for (const std::string bad : {"3601", "-1", "1e400", "nan", "inf", "", "5s", "5 "}) {
    INFO(bad);
    CHECK(option_bounds_verdict(seconds, bad) == "must be a number between 0.1 and 3600, not '" + bad + "'");
  }
}

TEST_CASE("count_between takes decimal digits only, never wrapping a sign around", "[option_bounds]") {
  const CLI::Validator jobs = count_between(1, 1024);
  for (const std::string good : {"1", "64", "1024"}) CHECK(option_bounds_verdict(jobs, good).empty());
  for (const std::string bad : {"0", "1025", "-1", "+3", "1.5", "", "18446744073709551616", "0x10"}) {
    INFO(bad);
    CHECK(option_bounds_verdict(jobs, bad) == "must be a whole number from 1 to 1024, not '" + bad + "'");
  }
  CHECK(option_bounds_verdict(count_between(0, UINT64_MAX), "18446744073709551615").empty());
}

TEST_CASE("an option with bounds refuses a value outside them when parsed", "[option_bounds]") {
  CLI::App app;
  unsigned jobs = 0;
  app.add_option("-j", jobs)->check(count_between(1, 8));
  CHECK_THROWS_AS(app.parse("-j 9"), CLI::ValidationError);
  app.parse("-j 4");
  CHECK(jobs == 4);
}
