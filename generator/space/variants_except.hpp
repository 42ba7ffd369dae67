#pragma once

#include <set>
#include <string>
#include <vector>

#include "space/strategy_space.hpp"
#include "space/variant_space.hpp"

namespace policytune {

// A benchmark's variants less those a list names (the ones a database holds already, which a
// compile pool for the next visit leaves out): the whole space's axes and restrictions, and the
// listed points restricted too.
class VariantsExcept final : public StrategySpace {
public:
  // `whole` must outlive this. Names that are no variant of the space are ignored.
  VariantsExcept(const VariantSpace& whole, const std::vector<std::string>& names);

  const std::vector<std::uint64_t>& axis_sizes() const override { return whole_.axis_sizes(); }
  bool allowed(const Point& point) const override { return excluded_.count(point) == 0 && whole_.allowed(point); }

  // How many of the whole space's allowed variants are left out.
  std::size_t excluded_allowed() const;

private:
  const VariantSpace& whole_;
  std::set<Point> excluded_;
};

}  // namespace policytune
