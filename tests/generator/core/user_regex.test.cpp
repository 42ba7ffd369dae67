#include "core/user_regex.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "core/user_error.hpp"

using policytune::UserError;
using policytune::UserRegex;

TEST_CASE("a user's regex matches whole names or parts of them", "[user_regex]") {
  const UserRegex reduce("reduce\\..*", "-R");
  CHECK(reduce.matches_whole("reduce.sum"));
  CHECK_FALSE(reduce.matches_whole("segmented_reduce.sum"));
  CHECK(reduce.found_in("segmented_reduce.sum"));
  CHECK(UserRegex(".*", "-R").matches_whole(""));
  CHECK_FALSE(UserRegex("scan|select", "-R").matches_whole("scan.exclusive"));
  CHECK(UserRegex("scan|select", "-R").found_in("scan.exclusive"));
}

TEST_CASE("a pattern that would backtrack exponentially is matched in linear time", "[user_regex]") {
  // std::regex does not finish these (the issue's '(.*)*z'; nested quantifiers over a long name).
  const std::string name(5000, 'a');
  CHECK_FALSE(UserRegex("(.*)*z", "-R").matches_whole(name));
  CHECK_FALSE(UserRegex("(a+)+b", "-R").found_in(name));
  CHECK(UserRegex("(a|aa)*", "-R").matches_whole(name));
}

TEST_CASE("a pattern RE2 refuses is one user error naming the option and the pattern", "[user_regex]") {
  CHECK_THROWS_WITH(UserRegex("(", "-R"), Catch::StartsWith("-R '(' is not a valid regex: missing )"));
  // Backreferences and lookaround: what would need backtracking.
  CHECK_THROWS_AS(UserRegex("(a)\\1", "-R"), UserError);
  CHECK_THROWS_AS(UserRegex("a(?=b)", "-R"), UserError);
}
