#pragma once

#include <string>
#include <vector>

#include "space/constraint.hpp"
#include "space/search_space.hpp"

namespace policytune {

// A benchmark source read and its %RANGE% and %CONSTRAINT% lines parsed, with the constraints its
// #error directives state (space/error_constraints.hpp), once: `search` checks
// every source this way before it builds anything, then hands each to its BenchmarkSession.
struct BenchmarkSource {
  std::string path;
  std::string text;
  SearchSpace space;
  std::vector<Constraint> constraints;
};

// Throws UserError naming the file (and the line, for a bad %RANGE% or %CONSTRAINT%).
BenchmarkSource read_benchmark_source(const std::string& path);
// The same for `text`, already read from `path`.
BenchmarkSource parse_benchmark_source(const std::string& path, std::string text);

}  // namespace policytune
