#pragma once

#include <string>

#include "space/benchmark_source.hpp"

namespace policytune {

// A benchmark source as `prune` takes it: the current version, whose rows it keeps while every
// other version's rows are dropped (and which `analyze FILE` marks current). A file that cannot
// be a version anyone searched would make every stored row old, so it is refused with a UserError
// naming it: empty or only white space (a truncated checkout), in the middle of a merge (conflict
// markers), or one a search would refuse (UTF-16, NUL bytes, a bad %RANGE% or %CONSTRAINT% line).
BenchmarkSource read_current_source(const std::string& path);

}  // namespace policytune
