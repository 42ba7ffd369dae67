// The host side of bench/merge_sort/keys.cu's verification.
#include "merge_sort/sorted_check.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <vector>

using namespace policytune::bench;

TEST_CASE("sortedness is found under the comparison given", "[bench_check]") {
  const std::vector<int> keys{1, 2, 2, 5, 4};
  CHECK(merge_sort::first_unsorted(keys, std::less<>{}) == 4);
  CHECK(merge_sort::first_unsorted(std::vector<int>{1, 2, 2}, std::less<>{}) == 3);
  CHECK(merge_sort::first_unsorted(std::vector<int>{3, 2, 2}, std::greater<>{}) == 3);
  CHECK(merge_sort::first_unsorted(std::vector<int>{}, std::less<>{}) == 0);
}

TEST_CASE("the digest tells permutations from other key sets", "[bench_check]") {
  const std::vector<std::int64_t> keys{9, -3, 9, 0, 7};
  CHECK(merge_sort::multiset_digest(keys) == merge_sort::multiset_digest(std::vector<std::int64_t>{-3, 0, 7, 9, 9}));
  CHECK(merge_sort::multiset_digest(keys) != merge_sort::multiset_digest(std::vector<std::int64_t>{-3, 0, 7, 7, 9}));
  CHECK(merge_sort::multiset_digest(keys) != merge_sort::multiset_digest(std::vector<std::int64_t>{-3, 0, 7, 9}));
}

TEST_CASE("a sorted output must be ordered, a permutation and CUB's", "[bench_check]") {
  const std::vector<float> input{3, 1, 2, 1};
  const std::vector<float> sorted{1, 1, 2, 3};
  CHECK(merge_sort::check(input, sorted, sorted, std::less<>{}).passed);
  CHECK(merge_sort::check(input, std::vector<float>{1, 2, 1, 3}, sorted, std::less<>{}).detail ==
        "not sorted: key 2 is ordered before key 1");
  CHECK(merge_sort::check(input, std::vector<float>{1, 1, 3, 3}, sorted, std::less<>{}).detail ==
        "the sorted keys are not a permutation of the input");
  CHECK(merge_sort::check(input, std::vector<float>{1, 1, 2}, sorted, std::less<>{}).detail == "sorted 3 keys of 4");
  CHECK(merge_sort::check(input, sorted, std::vector<float>{1, 2, 1, 3}, std::less<>{})
            .detail.find("differs from cub::DeviceMergeSort::SortKeys: element 1:") == 0);
}
