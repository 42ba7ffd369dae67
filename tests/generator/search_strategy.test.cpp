#include "search_strategy.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "search_space.hpp"
#include "user_error.hpp"

using namespace policytune;

namespace {

// A %RANGE% space as a strategy sees it, without restrictions.
struct Grid final : StrategySpace {
  explicit Grid(SearchSpace ranges) : space(std::move(ranges)) {
    for (const auto& parameter : space.parameters()) sizes.push_back(static_cast<std::uint64_t>(parameter.count()));
  }
  const std::vector<std::uint64_t>& axis_sizes() const override { return sizes; }
  bool allowed(const Point&) const override { return true; }

  SearchSpace space;
  std::vector<std::uint64_t> sizes;
};

// Everything a strategy proposes until it says it is done, one at a time, as space indices (with
// a safety cap against endless loops).
std::vector<BigCount> drain(SearchStrategy& strategy, const Grid& space, std::size_t cap = 1u << 22) {
  std::vector<BigCount> proposed;
  for (auto points = strategy.propose(1); !points.empty(); points = strategy.propose(1)) {
    for (const auto& point : points) {
      proposed.push_back(space.index_of(point));
      strategy.report(point, std::nullopt);
    }
    if (proposed.size() > cap) FAIL("strategy proposed more than " << cap << " variants");
  }
  return proposed;
}

std::vector<std::string> as_strings(const std::vector<BigCount>& indices) {
  std::vector<std::string> text;
  for (const auto& index : indices) text.push_back(index.to_string());
  return text;
}

// 4 * 3 * 2 = 24 variants.
Grid small_space() {
  return Grid(parse_search_space("// %RANGE% TUNE_A a 1:4:1\n// %RANGE% TUNE_B b 0:20:10\n// %RANGE% TUNE_C c 0:1:1\n",
                               "small.cu"));
}

// 4000 * 1e9 * 1e9 = 4e21 variants: beyond 64 bits.
Grid huge_space() {
  return Grid(parse_search_space(
      "// %RANGE% TUNE_A a 1:4000:1\n// %RANGE% TUNE_B b 0:999999999:1\n// %RANGE% TUNE_C c -999999999:0:1\n",
      "huge.cu"));
}

}  // namespace

TEST_CASE("strategy names are exhaustive and random", "[strategy]") {
  CHECK(strategy_names() == std::vector<std::string>{"auto", "exhaustive", "random"});
}

TEST_CASE("exhaustive visits every index in order", "[strategy]") {
  const auto space = small_space();
  REQUIRE(space.size() == BigCount(24));
  auto strategy = make_strategy("exhaustive", space, std::nullopt, 1);
  const auto proposed = drain(*strategy, space);
  REQUIRE(proposed.size() == 24);
  for (std::uint64_t i = 0; i < 24; ++i) CHECK(proposed[i] == BigCount(i));
  // Once done it stays done.
  CHECK(strategy->propose(1).empty());
  CHECK(strategy->propose(1).empty());
}

TEST_CASE("exhaustive stops at the budget", "[strategy]") {
  const auto space = small_space();
  SECTION("budget below the size") {
    auto strategy = make_strategy("exhaustive", space, 5, 1);
    const auto proposed = drain(*strategy, space);
    REQUIRE(proposed.size() == 5);
    for (std::uint64_t i = 0; i < 5; ++i) CHECK(proposed[i] == BigCount(i));
  }
  SECTION("budget above the size") {
    auto strategy = make_strategy("exhaustive", space, 1000, 1);
    CHECK(drain(*strategy, space).size() == 24);
  }
  SECTION("budget zero") {
    auto strategy = make_strategy("exhaustive", space, 0, 1);
    CHECK(strategy->propose(1).empty());
  }
  SECTION("a space beyond 64 bits, budget 3") {
    const auto huge = huge_space();
    auto strategy = make_strategy("exhaustive", huge, 3, 1);
    CHECK(as_strings(drain(*strategy, huge)) == std::vector<std::string>{"0", "1", "2"});
  }
}

TEST_CASE("exhaustive of a space without ranges proposes its one variant", "[strategy]") {
  const Grid space(parse_search_space("int main() {}\n", "base.cu"));
  auto strategy = make_strategy("exhaustive", space, std::nullopt, 1);
  CHECK(as_strings(drain(*strategy, space)) == std::vector<std::string>{"0"});
}

TEST_CASE("random never exceeds the budget nor repeats itself", "[strategy]") {
  const auto space = small_space();
  for (std::uint64_t budget : {0, 1, 7, 23}) {
    INFO("budget " << budget);
    auto strategy = make_strategy("random", space, budget, 42);
    const auto proposed = drain(*strategy, space);
    CHECK(proposed.size() == budget);
    CHECK(std::set<BigCount>(proposed.begin(), proposed.end()).size() == proposed.size());
    for (const auto& index : proposed) CHECK(index < space.size());
    CHECK(strategy->propose(1).empty());
  }
}

TEST_CASE("random covers the whole space when the budget allows", "[strategy]") {
  const auto space = small_space();
  for (std::optional<std::uint64_t> budget : {std::optional<std::uint64_t>{}, std::optional<std::uint64_t>{24},
                                              std::optional<std::uint64_t>{1000}}) {
    INFO("budget " << (budget ? std::to_string(*budget) : "none"));
    auto strategy = make_strategy("random", space, budget, 7);
    const auto proposed = drain(*strategy, space);
    REQUIRE(proposed.size() == 24);
    std::set<BigCount> distinct(proposed.begin(), proposed.end());
    CHECK(distinct.size() == 24);
    CHECK(*distinct.begin() == BigCount(0));
    CHECK(*distinct.rbegin() == BigCount(23));
  }
}

TEST_CASE("random is deterministic for a seed", "[strategy]") {
  const auto space = small_space();
  auto first = drain(*make_strategy("random", space, std::nullopt, 1234), space);
  auto again = drain(*make_strategy("random", space, std::nullopt, 1234), space);
  auto other = drain(*make_strategy("random", space, std::nullopt, 1235), space);
  CHECK(as_strings(first) == as_strings(again));
  REQUIRE(other.size() == first.size());
  CHECK(as_strings(first) != as_strings(other));
  // Not simply index order either.
  std::vector<BigCount> in_order;
  for (std::uint64_t i = 0; i < 24; ++i) in_order.emplace_back(i);
  CHECK(as_strings(first) != as_strings(in_order));
}

TEST_CASE("random on a space too large to shuffle is deterministic and distinct", "[strategy]") {
  // 2^21 * 2 = 4194304 variants: over the whole-shuffle limit, so sampled with rejection.
  const Grid space(parse_search_space("// %RANGE% TUNE_A a 0:2097151:1\n// %RANGE% TUNE_B b 0:1:1\n", "big.cu"));
  REQUIRE(space.size() == BigCount(4194304));
  const auto first = drain(*make_strategy("random", space, 500, 99), space);
  const auto again = drain(*make_strategy("random", space, 500, 99), space);
  const auto other = drain(*make_strategy("random", space, 500, 100), space);
  REQUIRE(first.size() == 500);
  CHECK(std::set<BigCount>(first.begin(), first.end()).size() == 500);
  for (const auto& index : first) CHECK(index < space.size());
  CHECK(as_strings(first) == as_strings(again));
  CHECK(as_strings(first) != as_strings(other));
}

TEST_CASE("random samples a space beyond 64 bits within its budget", "[strategy]") {
  const auto space = huge_space();
  REQUIRE(space.size().to_string() == "4000000000000000000000");
  REQUIRE_FALSE(space.size().fits_u64());
  auto strategy = make_strategy("random", space, 1000, 5);
  const auto proposed = drain(*strategy, space);
  REQUIRE(proposed.size() == 1000);
  CHECK(std::set<BigCount>(proposed.begin(), proposed.end()).size() == 1000);
  bool any_beyond_64_bits = false;
  for (const auto& index : proposed) {
    CHECK(index < space.size());
    any_beyond_64_bits = any_beyond_64_bits || !index.fits_u64();
  }
  // Uniform over 4e21: all but a vanishing fraction of draws lie beyond 2^64 (1.8e19).
  CHECK(any_beyond_64_bits);
  // Every proposal decodes to a variant of the space.
  const auto variant = space.space.variant_at(proposed.front());
  REQUIRE(variant.size() == 3);
  CHECK(space.space.index_of(variant) == proposed.front());
  CHECK(strategy->propose(1).empty());
  // Same seed, same sample.
  CHECK(as_strings(drain(*make_strategy("random", space, 1000, 5), space)) == as_strings(proposed));
}

TEST_CASE("random without a budget over a space beyond 64 bits is refused", "[strategy]") {
  const auto huge = huge_space();
  CHECK_THROWS_AS(make_strategy("random", huge, std::nullopt, 1), UserError);
  CHECK_THROWS_WITH(make_strategy("random", huge, std::nullopt, 1),
                    Catch::Contains("4000000000000000000000") && Catch::Contains("--budget"));
  // Exhaustive without a budget is allowed (it is lazy).
  CHECK_NOTHROW(make_strategy("exhaustive", huge, std::nullopt, 1));
}

TEST_CASE("an unknown strategy name is a user error", "[strategy]") {
  const auto space = small_space();
  CHECK_THROWS_AS(make_strategy("bayesian", space, 10, 1), UserError);
  CHECK_THROWS_WITH(make_strategy("bayesian", space, 10, 1), Catch::Contains("bayesian"));
  CHECK_THROWS_AS(make_strategy("", space, 10, 1), UserError);
  CHECK_THROWS_AS(make_strategy("Random", space, 10, 1), UserError);
}
