#include "space/listed_variants.hpp"

namespace policytune {

ListedVariants::ListedVariants(const VariantSpace& whole, const SearchSpace& space,
                               const std::vector<std::string>& names)
    : whole_(whole) {
  for (const auto& name : names) {
    const auto variant = space.parse_name(name);
    if (!variant) {
      unknown_.push_back(name);
      continue;
    }
    Point point;
    for (std::size_t axis = 0; axis < variant->size(); ++axis) {
      point.push_back(space.parameters()[axis].index_of((*variant)[axis]));
    }
    if (whole_.allowed(point)) listed_.insert(std::move(point));
  }
  // A set of points orders them as the mixed-radix index does: the first axis most significant.
  members_.assign(listed_.begin(), listed_.end());
}

}  // namespace policytune
