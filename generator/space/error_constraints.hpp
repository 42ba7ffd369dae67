#pragma once

#include <string>
#include <vector>

#include "space/constraint.hpp"
#include "space/search_space.hpp"

namespace policytune {

// The constraints a benchmark states with the preprocessor: an `#error` under `#if` conditions over
// its %RANGE% macros rules out the variants those conditions hold for, as CUB's benchmarks write
//   #if !TUNE_BASE && TUNE_ALGORITHM != 0 && (TUNE_PREFETCH_MULT != 1)
//   #  error "Non-prefetch algorithms require prefetch multiple to be 1 ..."
// Such variants are outside the space, never built (a build would only fail), like a
// %CONSTRAINT% `!(conditions)` at the #error's line, with TUNE_BASE taken as 0 (a variant). Only
// what can be evaluated counts: conditions over %RANGE% macros and TUNE_BASE alone, in #if (not
// #ifdef, #elif or #else branches); and only where they name a %RANGE% macro, since an #error
// every variant reaches marks a broken build, which the search must report, not hide.
std::vector<Constraint> error_directive_constraints(const std::string& source, const std::string& file,
                                                    const SearchSpace& space);

}  // namespace policytune
