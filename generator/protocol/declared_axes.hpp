#pragma once

#include <map>
#include <string>
#include <vector>

namespace policytune {

struct HarnessEntry;

// One runtime axis as the benchmark declares it: its name as workloads spell it
// (`Elements{io}[pow2]`) and every value it declares, in declaration order.
struct DeclaredAxis {
  std::string name;
  std::vector<std::string> values;
  bool operator==(const DeclaredAxis&) const = default;
};

// The runtime axes of every entry of a benchmark (entry -> its axes), from its `--list` answer.
// CUB's score weighs a runtime workload by its position on the declared axis, so that neither a
// search narrowed with `-a` nor states the harness skipped move the weights.
using DeclaredAxes = std::map<std::string, std::vector<DeclaredAxis>>;

DeclaredAxes declared_runtime_axes(const std::vector<HarnessEntry>& listing);

// As stored beside a search space: a JSON object, entry -> [{"axis": ..., "values": [...]}].
std::string format_declared_axes(const DeclaredAxes& axes);
// Empty for empty text (stored before axes were kept); std::invalid_argument for anything else
// that is not what format_declared_axes writes.
DeclaredAxes parse_declared_axes(const std::string& text);

}  // namespace policytune
