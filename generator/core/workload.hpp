#pragma once

#include <string>
#include <vector>

namespace policytune {

// One coordinate of a workload: `T{ct}=I32` or `Elements{io}[pow2]=16`.
struct AxisValue {
  std::string axis;
  std::string value;
  bool operator==(const AxisValue&) const = default;
};

// Workloads are stored as `axis=value` pairs joined with ','. Axis order is the benchmark's.
using Workload = std::vector<AxisValue>;

Workload parse_workload(const std::string& text);
std::string format_workload(const Workload& workload);
// The value `text` has on `axis` (`Elements{io}[pow2]`), empty when it has none.
std::string value_on(const std::string& text, const std::string& axis);
// `T{ct}=I32, OffsetT{ct}=I64`, as CUB's analyze prints it inside brackets.
std::string describe_workload(const std::string& text);

// An axis whose later values matter more (CUB's `{io}` suffix).
bool is_importance_ordered(const std::string& axis) noexcept;

}  // namespace policytune
