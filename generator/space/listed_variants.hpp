#pragma once

#include <set>
#include <string>
#include <vector>

#include "space/strategy_space.hpp"
#include "space/variant_space.hpp"

namespace policytune {

// A benchmark's variants narrowed to those a list names (a compile pool's, run/compile_pool.hpp):
// the whole space's axes, so that priors and models see the benchmark's parameters as in any
// search, and only the listed points that the whole space allows (constraints, shard) allowed.
class ListedVariants final : public StrategySpace {
public:
  // `whole` must outlive this. Names that are no variant of the space are kept in unknown().
  ListedVariants(const VariantSpace& whole, const std::vector<std::string>& names);

  const std::vector<std::uint64_t>& axis_sizes() const override { return whole_.axis_sizes(); }
  bool allowed(const Point& point) const override { return listed_.count(point) != 0; }
  const std::vector<Point>* members() const override { return &members_; }

  Variant variant_of(const Point& point) const { return whole_.variant_of(point); }
  const std::vector<std::string>& unknown() const { return unknown_; }

private:
  const VariantSpace& whole_;
  std::set<Point> listed_;
  std::vector<Point> members_;  // listed_ in index order
  std::vector<std::string> unknown_;
};

}  // namespace policytune
