#include "space/variant_space.hpp"

#include "core/user_error.hpp"
#include "space/shard.hpp"

namespace policytune {

VariantSpace::VariantSpace(const SearchSpace& space, const std::vector<Constraint>& constraints,
                           std::map<std::string, std::int64_t> device_limits, std::uint64_t shard_index,
                           std::uint64_t shard_count)
    : space_(space),
      constraints_(constraints),
      device_limits_(std::move(device_limits)),
      shard_index_(shard_index),
      shard_count_(shard_count) {
  for (const auto& parameter : space_.parameters()) {
    const Uint128 count = parameter.count();
    if (count > UINT64_MAX) {
      throw UserError("%RANGE% " + parameter.label + " has 2^64 values: too many to search");
    }
    axis_sizes_.push_back(static_cast<std::uint64_t>(count));
  }
}

bool VariantSpace::allowed(const Point& point) const { return allows(variant_of(point)); }

bool VariantSpace::allows(const Variant& variant) const {
  return all_allow(constraints_, variant, device_limits_) &&
         (shard_count_ <= 1 || in_shard(space_.name_of(variant), shard_index_, shard_count_));
}

std::optional<std::uint64_t> VariantSpace::count_allowed(std::uint64_t limit) const {
  const BigCount& size = space_.size();
  if (constraints_.empty() && shard_count_ <= 1 && size.fits_u64()) return size.to_u64();
  if (!(size <= BigCount(limit))) return std::nullopt;
  std::uint64_t allowed = 0;
  for (BigCount index; index < size; index = index + BigCount(1)) {
    if (allows(space_.variant_at(index))) ++allowed;
  }
  return allowed;
}

Variant VariantSpace::variant_of(const Point& point) const {
  Variant variant;
  variant.reserve(point.size());
  for (std::size_t axis = 0; axis < point.size(); ++axis)
    variant.push_back(space_.parameters()[axis].value_at(point[axis]));
  return variant;
}

std::optional<Point> VariantSpace::point_named(const std::string& name) const {
  const auto variant = space_.parse_name(name);
  if (!variant) return std::nullopt;
  Point point;
  for (std::size_t axis = 0; axis < variant->size(); ++axis) {
    point.push_back(space_.parameters()[axis].index_of((*variant)[axis]));
  }
  return point;
}

}  // namespace policytune
