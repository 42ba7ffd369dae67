// A benchmark's variants as a strategy walks them: one axis per %RANGE%, the constraints (with the
// device's limits) and the shard deciding which points are allowed.
#include "space/variant_space.hpp"

#include <catch2/catch.hpp>

#include <set>

#include "core/user_error.hpp"
#include "space/constraint.hpp"
#include "space/shard.hpp"

using namespace policytune;

namespace {

const std::string kVariantSpaceBench =
    "// %RANGE% TUNE_A a 1:4:1\n"
    "// %RANGE% TUNE_B b 32:128:32\n"
    "// %CONSTRAINT% a * b <= 256\n"
    "// %CONSTRAINT% b <= max_threads_per_block\n";

}  // namespace

TEST_CASE("a variant space has an axis per %RANGE% and maps points to the parameters' values", "[variant_space]") {
  const SearchSpace space = parse_search_space(kVariantSpaceBench, "bench.cu");
  const auto constraints = parse_constraints(kVariantSpaceBench, "bench.cu", space);
  const VariantSpace points(space, constraints, {{"max_threads_per_block", 1024}});
  CHECK(points.axis_sizes() == std::vector<std::uint64_t>{4, 4});
  CHECK(points.variant_of({0, 0}) == Variant{1, 32});
  CHECK(points.variant_of({3, 2}) == Variant{4, 96});
  CHECK(points.allowed({1, 3}));                                          // 2 * 128 = 256
  CHECK_FALSE(points.allowed({2, 3}));                                    // 3 * 128 > 256
  CHECK(points.count_allowed(1000) == std::optional<std::uint64_t>(12));  // 16 less a = 3 and 4 with b = 96 and 128
  CHECK_FALSE(points.count_allowed(15).has_value());                      // 16 variants: more than asked to visit
}

TEST_CASE("the device's limits take part: a variant over them is not allowed", "[variant_space]") {
  const SearchSpace space = parse_search_space(kVariantSpaceBench, "bench.cu");
  const auto constraints = parse_constraints(kVariantSpaceBench, "bench.cu", space);
  const VariantSpace small_device(space, constraints, {{"max_threads_per_block", 64}});
  CHECK(small_device.allowed({0, 1}));        // b = 64
  CHECK_FALSE(small_device.allowed({0, 2}));  // b = 96 > 64
  CHECK(small_device.count_allowed(1000) == std::optional<std::uint64_t>(8));
}

TEST_CASE("without constraints and shards every variant is allowed and counted without visiting", "[variant_space]") {
  const std::string text = "// %RANGE% TUNE_A a 1:100000:1\n// %RANGE% TUNE_B b 1:100000:1\n";
  const SearchSpace space = parse_search_space(text, "bench.cu");
  const std::vector<Constraint> none;
  const VariantSpace points(space, none, {});
  CHECK(points.count_allowed(10) == std::optional<std::uint64_t>(10000000000ull));
  CHECK(points.allowed({99999, 0}));
}

TEST_CASE("shards split the allowed variants into disjoint parts that make up the whole", "[variant_space]") {
  const SearchSpace space = parse_search_space(kVariantSpaceBench, "bench.cu");
  const auto constraints = parse_constraints(kVariantSpaceBench, "bench.cu", space);
  const std::map<std::string, std::int64_t> limits{{"max_threads_per_block", 1024}};
  const VariantSpace whole(space, constraints, limits);
  std::uint64_t total = 0;
  std::set<Point> seen;
  for (std::uint64_t shard = 1; shard <= 3; ++shard) {
    const VariantSpace part(space, constraints, limits, shard, 3);
    total += *part.count_allowed(1000);
    for (std::uint64_t a = 0; a < 4; ++a) {
      for (std::uint64_t b = 0; b < 4; ++b) {
        const Point point{a, b};
        if (!part.allowed(point)) continue;
        CHECK(whole.allowed(point));
        CHECK(in_shard(space.name_of(whole.variant_of(point)), shard, 3));
        CHECK(seen.insert(point).second);
      }
    }
  }
  CHECK(total == 12);
  CHECK(seen.size() == 12);
}

TEST_CASE("a %RANGE% of 2^64 values is refused as a user error", "[variant_space]") {
  const std::string text = "// %RANGE% TUNE_A a -9223372036854775808:9223372036854775807:1\n";
  const SearchSpace space = parse_search_space(text, "bench.cu");
  const std::vector<Constraint> none;
  CHECK_THROWS_AS(VariantSpace(space, none, {}), UserError);
}
