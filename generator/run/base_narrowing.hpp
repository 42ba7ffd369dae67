#pragma once

#include <string>
#include <utility>
#include <vector>

#include "protocol/harness_protocol.hpp"
#include "space/axis_filter.hpp"

namespace policytune {

using Defines = std::vector<std::pair<std::string, std::string>>;

// What builds base for only the compile-time workloads the axis filters select, before base can
// say which workloads it has: for a filter that pins a compile-time axis (`T{ct}=I32`) to one value
// of the harness's own type names (I8..I64, U8..U64, I128, U128, F32, F64), the define a variant
// of that workload is built with (`TUNE_T=::std::int32_t`). CUB's benchmarks build a type list of
// that one type then, so base compiles one workload instead of all of them (reduce/sum: 16).
// Other filters narrow nothing. Empty: base is built whole.
Defines base_narrowing(const std::vector<AxisFilter>& filters);

// Whether a base built with `narrowing` lists what the filters asked for: every compile-time
// workload it has uses each narrowed axis with the same C++ type. False where the benchmark names
// the value another way (its own `long long` for I64) or ignores the define and lists the axis's
// other values too: then base is built whole.
bool narrowing_held(const Defines& narrowing, const std::vector<HarnessEntry>& entries);

}  // namespace policytune
