#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "run/compiler.hpp"
#include "run/process.hpp"

namespace policytune {

// One build of a benchmark binary: `source` compiled and linked into `output` with `defines`.
struct CompileJob {
  std::string source;
  std::string output;
  std::vector<std::pair<std::string, std::string>> defines;
  // A batch's generated translation unit: its path (a scratch name) is left out of the cache key,
  // its text is in it.
  bool generated_source = false;
};

struct CompileOutcome {
  ProcessResult result;  // the compiler's; an empty success when the build cache served it
  bool from_cache = false;
  // What the build took: measured, or as measured when the cache kept it (build time limits of
  // variants are multiples of base's).
  std::chrono::duration<double> build_time{};
};

// Builds `job` with `compiler`'s command (run/compiler.hpp), through its build cache when it has
// one (run/build_cache.hpp): served from there when everything the build read is unchanged, else
// compiled with its dependency list written (-MD) and kept. `timeout` as run_process takes it.
CompileOutcome cached_compile(const CompilerOptions& compiler, const CompileJob& job,
                              std::chrono::duration<double> timeout);

// The text an entry of the build cache is found by: this policytune's version, the compiler's
// identity, the command without launcher and output, the source's text, and the environment
// variables that change what the compiler reads. nullopt when the compiler is not found.
std::optional<std::string> build_cache_key(const CompilerOptions& compiler, const CompileJob& job,
                                           const std::string& source_text);

}  // namespace policytune
