#include "space/benchmark_source.hpp"

#include <utility>

#include "core/text_input.hpp"
#include "space/error_constraints.hpp"

namespace policytune {

BenchmarkSource read_benchmark_source(const std::string& path) {
  return parse_benchmark_source(path, read_text_file(path));
}

BenchmarkSource parse_benchmark_source(const std::string& path, std::string text) {
  BenchmarkSource source{path, std::move(text), {}, {}};
  source.space = parse_search_space(source.text, path);
  source.constraints = parse_constraints(source.text, path, source.space);
  for (auto& stated : error_directive_constraints(source.text, path, source.space))
    source.constraints.push_back(std::move(stated));
  return source;
}

}  // namespace policytune
