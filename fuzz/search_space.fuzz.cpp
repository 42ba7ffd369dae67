// Benchmark sources: %RANGE%, %CONSTRAINT% and %TEST% lines. Bad input must be a UserError; any
// other exception, a crash or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/user_error.hpp"
#include "space/constraint.hpp"
#include "space/search_space.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace policytune;
  const std::string source(reinterpret_cast<const char*>(data), size);
  try {
    const SearchSpace space = parse_search_space(source, "fuzz.cu");
    const auto constraints = parse_constraints(source, "fuzz.cu", space);
    (void)parse_test_variant(source, "fuzz.cu", space);
    if (space.empty()) return 0;
    // The first variant's name round-trips, and every constraint evaluates on it, with and without
    // device limits.
    {
      const Variant variant = space.variant_at(BigCount(0));
      if (space.parse_name(space.name_of(variant)) != variant) __builtin_trap();
      for (const auto& constraint : constraints) {
        (void)constraint.allows(variant, {});
        (void)constraint.allows(variant, {{"max_threads_per_block", 1024}, {"shared_memory_per_block", 49152}});
      }
    }
  } catch (const UserError&) {}
  return 0;
}
