#pragma once

#include <string>
#include <utility>
#include <vector>

namespace policytune {

// One variant of a batched build: its name (what `--variant` selects) and its %RANGE% defines.
struct BatchMember {
  std::string name;
  std::vector<std::pair<std::string, std::string>> defines;
};

// The translation unit that builds several variants of one benchmark source into one binary, so
// that the compiler parses the headers once per batch instead of once per variant. The source's
// #include lines are hoisted to the top (outside any namespace, where include guards then keep
// them); the source itself is included once per variant, inside a namespace of its own, between
// that variant's defines, with POLICYTUNE_BENCH_VARIANT naming it for the harness. Macros the
// source defines are undefined after each copy, and <policytune/bench/variant_end.hpp> ends the
// harness's own once-per-variant guards. The benchmark author writes nothing for this.
// Compile it with the source's directory on the include path (for its quoted includes).
std::string batch_source(const std::string& source_path, const std::string& source_text,
                         const std::vector<BatchMember>& members);

// Whether a source can be batched: not when it guards itself against a second inclusion, nor when
// a preprocessor line before its last #include uses a %RANGE% macro (`macros`), since the hoisted
// includes are seen once, before any variant's defines.
bool batchable(const std::string& source_text, const std::vector<std::string>& macros);

// The same, also refusing a source whose quoted includes (`local_headers`, their texts) use a
// %RANGE% macro: CUB's benchmarks keep the policy in a "base.cuh" that the hoisted includes
// would see once, before any variant's defines, and whose `#pragma once` keeps it from a second copy.
bool batchable(const std::string& source_text, const std::vector<std::string>& macros,
               const std::vector<std::string>& local_headers);

// The names in the source's quoted #include lines ("base.cuh"), in order.
std::vector<std::string> quoted_includes(const std::string& source_text);

}  // namespace policytune
