#include "run/base_narrowing.hpp"

#include <algorithm>
#include <map>

namespace policytune {
namespace {

// The C++ spellings bench/policytune/bench/types.hpp gives NVBench's type names (the ones a base
// listing reports back); a benchmark's own types are learnt from base only.
const std::map<std::string, std::string>& harness_type_spellings() {
  static const std::map<std::string, std::string> spellings = {
      {"I8", "::std::int8_t"},  {"I16", "::std::int16_t"},  {"I32", "::std::int32_t"},  {"I64", "::std::int64_t"},
      {"U8", "::std::uint8_t"}, {"U16", "::std::uint16_t"}, {"U32", "::std::uint32_t"}, {"U64", "::std::uint64_t"},
      {"F32", "float"},         {"F64", "double"},          {"I128", "__int128"},       {"U128", "unsigned __int128"}};
  return spellings;
}

}  // namespace

Defines base_narrowing(const std::vector<AxisFilter>& filters) {
  Defines narrowing;
  for (const auto& filter : filters) {
    if (!filter.axis.ends_with("{ct}") || filter.pow2 || filter.values.size() != 1) continue;
    const auto spelling = harness_type_spellings().find(filter.values.front());
    if (spelling == harness_type_spellings().end()) continue;
    HarnessAxis axis;
    axis.name = filter.axis;
    narrowing.emplace_back(axis.tune_macro(), spelling->second);
  }
  return narrowing;
}

bool narrowing_held(const Defines& narrowing, const std::vector<HarnessEntry>& entries) {
  const auto workloads = compile_time_workloads(entries);
  if (workloads.empty()) return false;
  return std::all_of(workloads.begin(), workloads.end(), [&](const CompileTimeWorkload& workload) {
    return std::all_of(narrowing.begin(), narrowing.end(), [&](const auto& define) {
      return std::find(workload.defines.begin(), workload.defines.end(), define) != workload.defines.end();
    });
  });
}

}  // namespace policytune
