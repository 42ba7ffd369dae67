#pragma once

#include <string>
#include <vector>

namespace policytune {

struct HarnessEntry;

// One `-a` option in CUB's syntax: `T{ct}=I32`, `T{ct}=[I32,I64]` or `Elements{io}[pow2]=28`.
struct AxisFilter {
  std::string axis;  // without a `[pow2]` suffix
  bool pow2 = false;
  std::vector<std::string> values;

  // As given, for passing on to a benchmark binary's --axis.
  std::string spec() const;
  bool allows(const std::string& value) const;
};

// Throws UserError for a malformed spec.
AxisFilter parse_axis_filter(const std::string& given);

// True when every filter that names `axis` allows `value` (and so when none names it).
bool filters_allow(const std::vector<AxisFilter>& filters, const std::string& axis, const std::string& value);

// Throws UserError, naming `source`, for a filter that names an axis none of the benchmark's
// `entries` has, or a value (or `start:end:step` range) that selects none of that axis' values,
// with what the benchmark offers instead. Left alone, such a filter selects nothing (0 variants
// searched) or is ignored (everything searched), and a typo goes unnoticed. Values are matched as
// the harness matches them (protocol/policytune/protocol/axis_filter_rules.hpp): a `[pow2]` filter names exponents.
void check_filters_match(const std::vector<AxisFilter>& filters, const std::vector<HarnessEntry>& entries,
                         const std::string& source);

}  // namespace policytune
