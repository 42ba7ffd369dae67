#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "space/constraint.hpp"
#include "space/search_space.hpp"
#include "space/strategy_space.hpp"

namespace policytune {

// A benchmark's variants as a search strategy sees them: an axis per %RANGE% parameter, its
// values in order. A variant is allowed when every %CONSTRAINT% allows it on this device and it
// belongs to this run's shard (`--shard k/N`), so strategies never propose one that is not.
class VariantSpace final : public StrategySpace {
public:
  // Throws UserError for a %RANGE% of more than 2^64 - 1 values.
  VariantSpace(const SearchSpace& space, const std::vector<Constraint>& constraints,
               std::map<std::string, std::int64_t> device_limits, std::uint64_t shard_index = 1,
               std::uint64_t shard_count = 1);

  const std::vector<std::uint64_t>& axis_sizes() const override { return axis_sizes_; }
  bool allowed(const Point& point) const override;

  Variant variant_of(const Point& point) const;
  // The point of the variant `name` ("a_2.b_64"), allowed or not; nullopt for base or a name that is
  // no variant of this space.
  std::optional<Point> point_named(const std::string& name) const;

  // Spaces up to this many variants are counted exactly (every variant's constraints evaluated
  // once, about a second); larger ones count every combination of their %RANGE% values.
  static constexpr std::uint64_t kExactCountLimit = 1'000'000;

  // How many variants are allowed, for a space of at most `limit` variants (counting visits every
  // one of them); nullopt for a larger space. Without constraints and shards, the space's size.
  std::optional<std::uint64_t> count_allowed(std::uint64_t limit = kExactCountLimit) const;

private:
  bool allows(const Variant& variant) const;

  const SearchSpace& space_;
  const std::vector<Constraint>& constraints_;
  std::map<std::string, std::int64_t> device_limits_;
  std::uint64_t shard_index_;
  std::uint64_t shard_count_;
  std::vector<std::uint64_t> axis_sizes_;
};

}  // namespace policytune
