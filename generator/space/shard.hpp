#pragma once

#include <cstdint>
#include <string>

namespace policytune {

// `--shard k/N`: N machines (a Slurm job array) search disjoint parts of one search.
// Whether the variant named `variant` belongs to shard `index` (1-based) of `count`: by a hash of
// the name, so the split is the same on every machine and for every strategy.
bool in_shard(const std::string& variant, std::uint64_t index, std::uint64_t count) noexcept;

}  // namespace policytune
