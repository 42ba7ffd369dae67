// A compile pool's variants as a strategy sees them: the whole space's axes, only the listed points
// allowed, and the list itself for the strategies that sample or walk.
#include "space/listed_variants.hpp"

#include <catch2/catch.hpp>

#include "search/strategy_registry.hpp"
#include "space/constraint.hpp"

#include <set>

using namespace policytune;

namespace {

const std::string kListedBench =
    "// %RANGE% TUNE_A a 1:4:1\n"
    "// %RANGE% TUNE_B b 32:128:32\n"
    "// %CONSTRAINT% a * b <= 256\n";

}  // namespace

TEST_CASE("listed variants allow only the names listed that the whole space allows", "[listed_variants]") {
  const SearchSpace space = parse_search_space(kListedBench, "bench.cpp");
  const auto constraints = parse_constraints(kListedBench, "bench.cpp", space);
  const VariantSpace whole(space, constraints, {});
  const ListedVariants listed(whole, {"a_2.b_64", "a_1.b_32", "a_4.b_128", "nonsense", "a_9.b_32"});
  CHECK(listed.axis_sizes() == whole.axis_sizes());
  CHECK(listed.allowed({1, 1}));                                   // a_2.b_64
  CHECK(listed.allowed({0, 0}));                                   // a_1.b_32
  CHECK_FALSE(listed.allowed({3, 3}));                             // a_4.b_128: listed, but 512 > 256
  CHECK_FALSE(listed.allowed({1, 0}));                             // a_2.b_32: allowed by the space, not listed
  CHECK(*listed.members() == std::vector<Point>{{0, 0}, {1, 1}});  // in index order
  CHECK(listed.unknown() == std::vector<std::string>{"nonsense", "a_9.b_32"});
  CHECK(listed.variant_of({1, 1}) == Variant{2, 64});
}

TEST_CASE("every strategy proposes from the list alone, however large the whole space", "[listed_variants]") {
  // 2^40 variants: a rejection sampler over the whole space would never find the three listed.
  const std::string source = "// %RANGE% TUNE_A a 1:1048576:1\n// %RANGE% TUNE_B b 1:1048576:1\n";
  const SearchSpace space = parse_search_space(source, "big.cpp");
  const VariantSpace whole(space, {}, {});
  const ListedVariants listed(whole, {"a_7.b_9", "a_1000.b_3", "a_524288.b_1048576"});
  for (const auto& registered : registered_strategies()) {
    if (registered.uses_prior) continue;  // without a prior they fall back to another strategy
    CAPTURE(registered.name);
    auto strategy = make_strategy(registered.name, listed, 10, 7);
    std::set<Point> proposed;
    for (auto points = strategy->propose(2); !points.empty(); points = strategy->propose(2)) {
      for (const auto& point : points) {
        CHECK(listed.allowed(point));
        proposed.insert(point);
        strategy->report(point, 1.0 + static_cast<double>(point[0]));
      }
    }
    CHECK(proposed.size() == 3);
  }
}
