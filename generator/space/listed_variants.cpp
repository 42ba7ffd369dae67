#include "space/listed_variants.hpp"

namespace policytune {

ListedVariants::ListedVariants(const VariantSpace& whole, const std::vector<std::string>& names) : whole_(whole) {
  for (const auto& name : names) {
    auto point = whole_.point_named(name);
    if (!point) {
      unknown_.push_back(name);
    } else if (whole_.allowed(*point)) {
      listed_.insert(std::move(*point));
    }
  }
  // A set of points orders them as the mixed-radix index does: the first axis most significant.
  members_.assign(listed_.begin(), listed_.end());
}

}  // namespace policytune
