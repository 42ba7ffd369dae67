#include "select/score.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

#include "core/workload.hpp"

namespace policytune {
namespace {

bool parse_number(const std::string& text, double& number) {
  if (text.empty()) return false;
  char* end = nullptr;
  number = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size();
}

// The values of `axis` in weight order: numerically where every value is a number.
std::vector<std::string> ordered_values(std::vector<std::string> values) {
  std::vector<std::pair<double, std::string>> numeric;
  for (const auto& value : values) {
    double number = 0;
    if (!parse_number(value, number)) return values;
    numeric.emplace_back(number, value);
  }
  std::stable_sort(numeric.begin(), numeric.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = numeric[i].second;
  return values;
}

// The axes `workloads` show, per entry, with their values in first-seen order: what stands in for
// the declared axes where those are not known.
DeclaredAxes axes_seen(const std::vector<RuntimeKey>& workloads) {
  DeclaredAxes axes;
  for (const auto& [entry, text] : workloads) {
    auto& entry_axes = axes[entry];
    for (const auto& [axis, value] : parse_workload(text)) {
      auto found =
          std::find_if(entry_axes.begin(), entry_axes.end(), [&axis = axis](const auto& a) { return a.name == axis; });
      if (found == entry_axes.end()) found = entry_axes.insert(entry_axes.end(), DeclaredAxis{axis, {}});
      if (std::find(found->values.begin(), found->values.end(), value) == found->values.end()) {
        found->values.push_back(value);
      }
    }
  }
  return axes;
}

// Whether `declared` holds every value of every workload on its axis.
bool declares_all(const DeclaredAxes& declared, const std::vector<RuntimeKey>& workloads) {
  for (const auto& [entry, text] : workloads) {
    const auto entry_axes = declared.find(entry);
    if (entry_axes == declared.end()) return false;
    for (const auto& [axis, value] : parse_workload(text)) {
      const auto found = std::find_if(entry_axes->second.begin(), entry_axes->second.end(),
                                      [&axis = axis](const DeclaredAxis& a) { return a.name == axis; });
      if (found == entry_axes->second.end()) return false;
      if (std::find(found->values.begin(), found->values.end(), value) == found->values.end()) return false;
    }
  }
  return true;
}

}  // namespace

std::vector<double> importance_weights(std::size_t value_count) {
  constexpr double least_importance = 0.6;
  constexpr double most_importance = 0.999;
  const double begin = -std::log(1 - least_importance);
  const double end = -std::log(1 - most_importance);
  const double step = (end - begin) / static_cast<double>(value_count);
  std::vector<double> weights;
  for (std::size_t i = 0; i < value_count; ++i) {
    weights.push_back(1 - std::exp(-(begin + static_cast<double>(i) * step)));
  }
  return weights;
}

std::map<RuntimeKey, double> workload_weights(const std::vector<RuntimeKey>& workloads, const DeclaredAxes& declared) {
  const DeclaredAxes axes = declares_all(declared, workloads) ? declared : axes_seen(workloads);
  std::map<std::string, std::map<std::string, std::map<std::string, double>>> axis_weights;
  for (const auto& [entry, entry_axes] : axes) {
    for (const auto& [axis, values] : entry_axes) {
      const auto ordered = ordered_values(values);
      const auto weights =
          is_importance_ordered(axis) ? importance_weights(ordered.size()) : std::vector<double>(ordered.size(), 1.0);
      for (std::size_t i = 0; i < ordered.size(); ++i) axis_weights[entry][axis][ordered[i]] = weights[i];
    }
  }
  std::map<RuntimeKey, double> result;
  double total = 0;
  for (const auto& key : workloads) {
    double weight = 1;
    for (const auto& [axis, value] : parse_workload(key.second)) weight *= axis_weights[key.first][axis][value];
    result[key] = weight;
  }
  for (const auto& [key, weight] : result) total += weight;
  for (auto& [key, weight] : result) weight /= total;
  return result;
}

ScoredWorkload score_workload(const std::vector<const Measurement*>& rows, const DeclaredAxes& declared) {
  ScoredWorkload scored;
  std::map<std::string, std::map<RuntimeKey, const Measurement*>> by_variant;
  std::vector<RuntimeKey> base_order;
  for (const Measurement* row : rows) {
    const RuntimeKey key{row->entry, row->rt_workload};
    by_variant[row->variant][key] = row;
    if (row->variant == "base" && row->status == Status::ok && row->statistics.median > 0 &&
        std::find(base_order.begin(), base_order.end(), key) == base_order.end()) {
      base_order.push_back(key);
    }
  }
  if (base_order.empty()) {
    const bool has_base = by_variant.count("base") != 0;
    scored.problem = has_base ? "base has no successful measurement" : "base was not measured";
    scored.unranked = by_variant.size() - (has_base ? 1 : 0);
    return scored;
  }
  scored.weights = workload_weights(base_order, declared);
  const auto& weights = scored.weights;
  const auto& base = by_variant["base"];
  for (const auto& [variant, measured] : by_variant) {
    const bool failed =
        std::any_of(measured.begin(), measured.end(), [](const auto& m) { return m.second->status != Status::ok; });
    const bool complete =
        std::all_of(base_order.begin(), base_order.end(), [&measured = measured](const RuntimeKey& key) {
          const auto found = measured.find(key);
          return found != measured.end() && found->second->statistics.median > 0;
        });
    if ((failed && variant != "base") || !complete) {
      ++scored.unranked;
      continue;
    }
    VariantScore result{variant, 0, INFINITY, 0, -INFINITY};
    for (const auto& key : base_order) {
      const double speedup = base.at(key)->statistics.median / measured.at(key)->statistics.median;
      result.score += weights.at(key) * speedup;
      result.min = std::min(result.min, speedup);
      result.max = std::max(result.max, speedup);
      result.mean += speedup / static_cast<double>(base_order.size());
    }
    scored.ranked.push_back(result);
  }
  std::sort(scored.ranked.begin(), scored.ranked.end(), [](const VariantScore& a, const VariantScore& b) {
    return a.score != b.score ? a.score > b.score : a.variant < b.variant;
  });
  return scored;
}

}  // namespace policytune
