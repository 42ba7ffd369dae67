#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "run/compiler.hpp"

namespace policytune {

// "<resolved file> <size> <mtime ns>" of the program `program` runs (PATH searched), so that a
// compiler upgraded in place reads differently; nullopt when there is none.
std::optional<std::string> program_identity(const std::string& program);

// Base's compile command as it would run (the launcher and the output path left out: neither
// changes what base answers), the compiler's identity (the file it resolves to, its size and
// modification time, so that an upgrade in place changes the key) and this policytune's version
// (the harness headers come with it). nullopt when the compiler is not found: base's build will
// say so.
// `defines`: base's, TUNE_BASE=1 and any narrowing (run/base_narrowing.hpp).
std::optional<std::string> base_build_key(const CompilerOptions& compiler, const std::string& source,
                                          const std::vector<std::pair<std::string, std::string>>& defines);

}  // namespace policytune
