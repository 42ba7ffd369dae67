#include "space/shard.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

using namespace policytune;

TEST_CASE("every variant name falls in exactly one shard", "[shard]") {
  for (std::uint64_t count : {1u, 2u, 3u, 7u}) {
    for (int i = 0; i < 500; ++i) {
      const std::string name = "ipt_" + std::to_string(i % 18) + ".tpb_" + std::to_string(i);
      int shards = 0;
      for (std::uint64_t k = 1; k <= count; ++k) shards += in_shard(name, k, count);
      CHECK(shards == 1);
    }
  }
}

TEST_CASE("the split of names into shards is fixed: the same on every machine and compiler", "[shard]") {
  // FNV-1a of the name (0x9a7ce19baa54c278 for "base"), modulo the count, plus one.
  CHECK(in_shard("base", 3, 3));
  CHECK_FALSE(in_shard("base", 2, 3));
  CHECK(in_shard("ipt_7.tpb_128", 2, 3));
  CHECK(in_shard("ipt_7.tpb_128", 1, 2));
  CHECK_FALSE(in_shard("ipt_7.tpb_128", 2, 2));
}

TEST_CASE("a shard is k/N in plain digits, 1 <= k <= N, and nothing else", "[shard]") {
  CHECK(parse_shard("2/3").index == 2);
  CHECK(parse_shard("2/3").count == 3);
  CHECK(parse_shard("18446744073709551615/18446744073709551615").count == UINT64_MAX);
  for (const std::string bad : {"", "-1/2", "1/-2", "+1/2", " 1/2", "1/2 ", "1/2x", "1/1e20", "1/", "/2", "12",
                                "1/100000000000000000000", "1//2", "1/2/3"}) {
    INFO("--shard '" << bad << "'");
    CHECK_THROWS_WITH(parse_shard(bad), "--shard '" + bad + "' is not k/N (two whole numbers below 2^64)");
  }
  CHECK_THROWS_WITH(parse_shard("0/2"), "--shard '0/2': k/N needs 1 <= k <= N");
  CHECK_THROWS_WITH(parse_shard("3/2"), "--shard '3/2': k/N needs 1 <= k <= N");
}
