// The host side of the run-length benchmarks' verification (bench/run_length_encode/).
#include "run_length_encode/runs_check.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace policytune::bench;

TEST_CASE("runs are counted with their keys, offsets and lengths", "[bench_check]") {
  const std::vector<float> input{5, 5, 1, 2, 2, 2, 5};
  const auto all = run_length::count_runs(input);
  CHECK(all.keys == std::vector<float>{5, 1, 2, 5});
  CHECK(all.offsets == std::vector<std::size_t>{0, 2, 3, 6});
  CHECK(all.lengths == std::vector<std::size_t>{2, 1, 3, 1});
  const auto long_ones = run_length::non_trivial(all);
  CHECK(long_ones.offsets == std::vector<std::size_t>{0, 3});
  CHECK(long_ones.lengths == std::vector<std::size_t>{2, 3});
  CHECK(run_length::count_runs(std::vector<int>{}).keys.empty());
}

TEST_CASE("an encoding is checked against the input's runs", "[bench_check]") {
  const std::vector<std::int8_t> input{4, 4, 4, 9, 4};
  // Outputs as long as the input, as the benchmark allocates them; beyond the run count is garbage.
  const std::vector<std::int8_t> unique{4, 9, 4, 77, 77};
  const std::vector<int> counts{3, 1, 1, -5, -5};
  CHECK(run_length::check_encode(input, unique, counts, 3).passed);

  const auto too_few = run_length::check_encode(input, unique, counts, 2);
  CHECK_FALSE(too_few.passed);
  CHECK(too_few.detail == "number of runs: actual 2, expected 3");
  CHECK(run_length::check_encode(input, unique, counts, -1).detail.find("outside 0..5") != std::string::npos);
  CHECK_FALSE(run_length::check_encode(input, unique, counts, 6).passed);

  const auto bad_key = run_length::check_encode(input, std::vector<std::int8_t>{4, 8, 4, 0, 0}, counts, 3);
  CHECK(bad_key.detail.find("run keys: element 1:") == 0);
  const auto bad_length = run_length::check_encode(input, unique, std::vector<int>{2, 2, 1, 0, 0}, 3);
  CHECK(bad_length.detail.find("run lengths: element 0:") == 0);
}

TEST_CASE("non-trivial runs are checked against the input's runs longer than one", "[bench_check]") {
  const std::vector<long long> input{1, 2, 2, 3, 3, 3, 4};
  const std::vector<int> offsets{1, 3, 0, 0, 0, 0, 0};
  const std::vector<unsigned> lengths{2, 3, 0, 0, 0, 0, 0};
  CHECK(run_length::check_non_trivial_runs(input, offsets, lengths, 2).passed);
  CHECK(run_length::check_non_trivial_runs(input, std::vector<int>{1, 4, 0, 0, 0, 0, 0}, lengths, 2)
            .detail.find("run offsets: element 1:") == 0);
  CHECK_FALSE(run_length::check_non_trivial_runs(input, offsets, lengths, 3).passed);
  // No run longer than one: zero runs is right.
  CHECK(run_length::check_non_trivial_runs(std::vector<int>{1, 2, 3}, std::vector<int>(3), std::vector<int>(3), 0)
            .passed);
}

TEST_CASE("a variant's runs must be CUB's", "[bench_check]") {
  const std::vector<int> keys{1, 2}, lengths{3, 4};
  CHECK(run_length::same_as_cub("cub::X", 2, 2, keys, keys, lengths, lengths).passed);
  CHECK(run_length::same_as_cub("cub::X", 2, 3, keys, keys, lengths, lengths).detail ==
        "differs from cub::X: actual 2, expected 3");
  CHECK(run_length::same_as_cub("cub::X", 2, 2, keys, std::vector<int>{1, 3}, lengths, lengths)
            .detail.find("differs from cub::X: element 1:") == 0);
  CHECK_FALSE(run_length::same_as_cub("cub::X", 2, 2, keys, keys, lengths, std::vector<int>{3, 5}).passed);
}
