#pragma once

#include <cstdint>
#include <string>

namespace policytune {

// `--shard k/N`: N machines (a Slurm job array) search disjoint parts of one search.
// Whether the variant named `variant` belongs to shard `index` (1-based) of `count`: by a hash of
// the name, so the split is the same on every machine and for every strategy.
bool in_shard(const std::string& variant, std::uint64_t index, std::uint64_t count) noexcept;

// The k and N of `--shard k/N`.
struct ShardChoice {
  std::uint64_t index = 1;
  std::uint64_t count = 1;
};

// Parses `k/N`: two decimal numbers that fit 64 bits, nothing else (no sign, space or exponent),
// 1 <= k <= N. UserError quoting the text otherwise (an unset shell variable gives '').
ShardChoice parse_shard(const std::string& text);

}  // namespace policytune
