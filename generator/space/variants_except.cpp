#include "space/variants_except.hpp"

#include <algorithm>

namespace policytune {

VariantsExcept::VariantsExcept(const VariantSpace& whole, const std::vector<std::string>& names) : whole_(whole) {
  for (const auto& name : names) {
    // Base, or a variant of an edited %RANGE%, is none of these points.
    if (auto point = whole_.point_named(name)) excluded_.insert(std::move(*point));
  }
}

std::size_t VariantsExcept::excluded_allowed() const {
  return static_cast<std::size_t>(
      std::count_if(excluded_.begin(), excluded_.end(), [&](const Point& point) { return whole_.allowed(point); }));
}

}  // namespace policytune
