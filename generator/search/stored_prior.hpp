#pragma once

#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "search/search_prior.hpp"
#include "space/search_space.hpp"
#include "space/strategy_space.hpp"

namespace policytune {

// The prior of a search of `benchmark`'s compile-time workload `ct_workload` on `device`: what the
// stored rows of the same benchmark and workload on every other device found. Each other device
// (with its toolkit, library and source version) is one source: its variants' scores over its
// own base, failures the worst. Variants that are not of `space` (an edited %RANGE%) or that
// `points` does not allow here are left out.
SearchPrior stored_prior(const std::vector<Measurement>& rows, const std::string& benchmark,
                         const std::string& ct_workload, const DeviceIdentity& device, const SearchSpace& space,
                         const StrategySpace& points);

}  // namespace policytune
