#include "space/shard.hpp"

namespace policytune {

bool in_shard(const std::string& variant, std::uint64_t index, std::uint64_t count) noexcept {
  if (count <= 1) return true;
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a: stable across machines and compilers
  for (const unsigned char c : variant) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash % count == index - 1;
}

}  // namespace policytune
