#include "space/shard.hpp"

#include <charconv>
#include <optional>
#include <string_view>

#include "core/user_error.hpp"

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

ShardChoice parse_shard(const std::string& text) {
  const auto number = [&](std::string_view digits) -> std::optional<std::uint64_t> {
    std::uint64_t value = 0;
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return value;
  };
  const std::string_view whole(text);
  const auto slash = whole.find('/');
  const auto k = slash == std::string_view::npos ? std::nullopt : number(whole.substr(0, slash));
  const auto n = slash == std::string_view::npos ? std::nullopt : number(whole.substr(slash + 1));
  if (!k || !n) throw UserError("--shard '" + text + "' is not k/N (two whole numbers below 2^64)");
  if (*k < 1 || *k > *n) throw UserError("--shard '" + text + "': k/N needs 1 <= k <= N");
  return {*k, *n};
}

}  // namespace policytune
