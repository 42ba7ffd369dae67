#include "search/search_options.hpp"

#include <catch2/catch.hpp>

#include <type_traits>

using namespace policytune;

TEST_CASE("search options extend the run options a check shares, with their defaults", "[search_options]") {
  STATIC_REQUIRE(std::is_base_of_v<RunOptions, SearchOptions>);
  SearchOptions options;
  options.build_timeout = 30;
  options.sampling.min_samples = 3;
  // What a check is handed: the same build and measurement settings.
  const RunOptions& shared = options;
  CHECK(shared.build_timeout == 30);
  CHECK(shared.sampling.min_samples == 3);
  CHECK(shared.build_timeout_factor == 10);
  CHECK(shared.run_timeout_factor == 50);
}

TEST_CASE(
    "a search by default: auto strategy over every benchmark, no budget, the whole space, prior from its database",
    "[search_options]") {
  const SearchOptions options;
  CHECK(options.sources.empty());
  CHECK(options.benchmark_regex == ".*");
  CHECK(options.strategy == "auto");
  CHECK_FALSE(options.budget.has_value());
  CHECK_FALSE(options.time_limit.has_value());
  CHECK(options.seed == 0);
  CHECK_FALSE(options.force);
  CHECK_FALSE(options.compile_only);
  CHECK(options.priors == std::vector<std::string>{"auto"});
  CHECK(options.shard_index == 1);  // shard 1 of 1: everything
  CHECK(options.shard_count == 1);
  CHECK(options.database == "policytune.db");
}

TEST_CASE("a confirmation round re-measures 3 finalists in 3 rounds unless told otherwise", "[search_options]") {
  const ConfirmationSettings confirmation;
  CHECK(confirmation.finalists == 3);
  CHECK(confirmation.rounds == 3);
  CHECK(SearchOptions{}.confirmation.finalists == confirmation.finalists);
}
