#pragma once

#include <string>

namespace policytune {

// How the variants of a benchmark are verified, as its text shows before anything is built:
// its own check (`state.verify_with`), a comparison with base's outputs for the same input (the
// outputs it declares with `state.add_global_memory_writes`: CUB's benchmarks, through the
// NVBench compatibility headers), or nothing found. A variant of a benchmark with nothing to
// verify by never counts: the harness reports it unverified, and the search stores wrong_result.
enum class VerificationMeans { own_check, base_outputs, nothing_found };

struct BenchmarkVerification {
  VerificationMeans means = VerificationMeans::nothing_found;
  std::string evidence;          // "reduce/base.cuh:95", the first line that decided it; empty for nothing_found
  std::string describe() const;  // what `list` prints after "verified: "
};

// Reads `path` (text given) and the files it includes with quotes ("base.cuh"), from the folder of
// the file that includes them, as the compiler finds them first; comments are not read. A quoted
// include that is not there is left out (the compiler will say so).
BenchmarkVerification find_verification(const std::string& path, const std::string& text);

}  // namespace policytune
