#pragma once

#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "search/search_prior.hpp"
#include "space/search_space.hpp"
#include "space/strategy_space.hpp"

namespace policytune {

// The prior of a search whose rows are like `own` (search's template row: its benchmark,
// compile-time workload, device, toolkit, library and source version): what the stored rows of the
// same benchmark and workload measured anywhere else found. Each other measurement setup (device,
// toolkit, library and source version) is one source, its variants' scores over its own base,
// failures the worst: another GPU, and as well the same device under another compiler or CCCL
// release or an earlier version of the benchmark, whose landscape is the nearest guess there is.
// The search's own setup is no source: what it measured is measured. Variants that are not of
// `space` (an edited %RANGE%) or that `points` does not allow here are left out.
SearchPrior stored_prior(const std::vector<Measurement>& rows, const Measurement& own, const SearchSpace& space,
                         const StrategySpace& points);

}  // namespace policytune
