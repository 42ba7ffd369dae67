#include "select/dispatch_selection.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <map>
#include <set>

#include "core/workload.hpp"
#include "select/confirmed_variants.hpp"
#include "select/pick_winner.hpp"

namespace policytune {
namespace {

// Exact ties (the same sums added in another order) must not make a dispatch look better.
constexpr double kTieTolerance = 1e-12;

bool parse_finite_number(const std::string& text, double& number) {
  if (text.empty()) return false;
  char* end = nullptr;
  number = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(number);
}

// What the rows of one group say per variant and runtime workload.
struct Measured {
  std::vector<RuntimeKey> keys;                                 // base's runtime workloads, which a score sums over
  std::map<RuntimeKey, double> weights;                         // score.hpp's weights over `keys`
  std::vector<std::string> candidates;                          // usable ranked variants, best score first
  std::map<std::string, VariantScore> scores;                   // of every ranked variant
  std::map<std::string, std::map<RuntimeKey, double>> speedup;  // median(base) / median(variant)
  std::map<std::string, std::map<RuntimeKey, double>> noise;    // relative noise of each median

  // How much of the difference between two assignments of variants to runtime workloads could be
  // noise: per runtime workload the combined relative noise of both medians (0 where both use the
  // same variant), averaged with the score's weights. Against base this is `generate`'s rule.
  double difference_noise(const std::function<std::string(const RuntimeKey&)>& variant_of,
                          const std::function<std::string(const RuntimeKey&)>& other_of) const {
    double total = 0;
    for (const auto& key : keys) {
      const std::string a = variant_of(key);
      const std::string b = other_of(key);
      if (a == b) continue;
      total += weights.at(key) * std::hypot(noise.at(a).at(key), noise.at(b).at(key));
    }
    return total;
  }
};

Measured measure(const WorkloadGroup& group, const ScoredWorkload& scored, const DispatchOptions& options) {
  Measured measured;
  std::map<std::string, std::map<RuntimeKey, const Measurement*>> rows;
  for (const Measurement* row : group.rows) {
    if (row->status != Status::ok || row->statistics.median <= 0) continue;
    const RuntimeKey key{row->entry, row->rt_workload};
    rows[row->variant][key] = row;
    if (row->variant == "base" && std::find(measured.keys.begin(), measured.keys.end(), key) == measured.keys.end()) {
      measured.keys.push_back(key);
    }
  }
  measured.weights = scored.weights;
  const auto confirmed = confirmed_variants(group.rows);
  for (const auto& score : scored.ranked) {
    measured.scores[score.variant] = score;
    // Base serves as the library's default policy: always usable. Where a confirmation round
    // re-measured the finalists, a range is served by one of them (confirmed_variants.hpp).
    if (score.variant != "base" && options.usable && !options.usable(score.variant)) continue;
    if (!may_win(confirmed, score.variant)) continue;
    measured.candidates.push_back(score.variant);
    for (const auto& key : measured.keys) {
      const Measurement& row = *rows[score.variant].at(key);
      measured.speedup[score.variant][key] = rows["base"].at(key)->statistics.median / row.statistics.median;
      measured.noise[score.variant][key] = median_noise(row.statistics);
    }
  }
  return measured;
}

// The runtime axes a dispatch may split: present in every runtime workload, with numeric values,
// at least two of them. In first-seen order.
std::vector<DispatchAxis> splittable_axes(const std::vector<RuntimeKey>& keys) {
  std::vector<std::string> order;
  std::map<std::string, std::set<std::string>> values;
  std::map<std::string, std::size_t> present;
  for (const auto& key : keys) {
    for (const auto& [axis, value] : parse_workload(key.second)) {
      if (values.count(axis) == 0) order.push_back(axis);
      values[axis].insert(value);
      ++present[axis];
    }
  }
  std::vector<DispatchAxis> axes;
  for (const auto& key : order) {
    if (present[key] != keys.size() || values[key].size() < 2) continue;
    std::vector<std::pair<double, std::string>> numeric;
    for (const auto& value : values[key]) {
      double number = 0;
      if (!parse_finite_number(value, number)) break;
      numeric.emplace_back(number, value);
    }
    if (numeric.size() != values[key].size()) continue;
    std::sort(numeric.begin(), numeric.end());
    DispatchAxis axis;
    axis.key = key;
    const std::string pow2_suffix = "[pow2]";
    axis.pow2 = key.size() > pow2_suffix.size() && key.ends_with(pow2_suffix);
    axis.name = axis.pow2 ? key.substr(0, key.size() - pow2_suffix.size()) : key;
    for (const auto& [number, value] : numeric) axis.values.push_back(value);
    axes.push_back(std::move(axis));
  }
  return axes;
}

// Per value of a dispatch axis, what each candidate's weighted speedups add up to.
struct AxisSums {
  std::map<std::string, std::size_t> index;  // value -> its position on the axis
  std::vector<double> weight;                // the score's weight of the workloads with each value
  // gain[v][i]: variant v's weighted speedups summed over the workloads with the i-th value;
  // prefix sums make a range's sum O(1): prefix[v][i] sums gain[v] over the first i values.
  std::vector<std::vector<double>> prefix;

  // The best variant for values [begin, end): the better-ranked one on ties.
  std::pair<double, std::size_t> best_variant(std::size_t begin, std::size_t end) const {
    std::pair<double, std::size_t> best{-INFINITY, 0};
    for (std::size_t v = 0; v < prefix.size(); ++v) {
      const double sum = prefix[v][end] - prefix[v][begin];
      if (sum > best.first + kTieTolerance) best = {sum, v};
    }
    return best;
  }
};

AxisSums sums_along(const Measured& measured, const DispatchAxis& axis) {
  const std::size_t m = axis.values.size();
  const std::size_t variants = measured.candidates.size();
  AxisSums sums;
  for (std::size_t i = 0; i < m; ++i) sums.index[axis.values[i]] = i;
  sums.weight.assign(m, 0);
  sums.prefix.assign(variants, std::vector<double>(m + 1, 0));
  for (const auto& key : measured.keys) {
    const std::size_t i = sums.index.at(value_on(key.second, axis.key));
    sums.weight[i] += measured.weights.at(key);
    for (std::size_t v = 0; v < variants; ++v) {
      sums.prefix[v][i + 1] += measured.weights.at(key) * measured.speedup.at(measured.candidates[v]).at(key);
    }
  }
  for (auto& prefix : sums.prefix) {
    for (std::size_t i = 1; i <= m; ++i) prefix[i] += prefix[i - 1];
  }
  return sums;
}

// The ranges [begin, end) of value positions, in order, of the best split into at most
// `max_ranges`: the fewest ranges that reach the best score.
std::vector<std::pair<std::size_t, std::size_t>> best_ranges(const AxisSums& sums, std::size_t max_ranges) {
  const std::size_t m = sums.weight.size();
  // total[k][j]: the best score of values [0, j) in k ranges; cut[k][j]: where its last range begins.
  const std::size_t ranges = std::min(max_ranges, m);
  std::vector<std::vector<double>> total(ranges + 1, std::vector<double>(m + 1, -INFINITY));
  std::vector<std::vector<std::size_t>> cut(ranges + 1, std::vector<std::size_t>(m + 1, 0));
  total[0][0] = 0;
  for (std::size_t k = 1; k <= ranges; ++k) {
    for (std::size_t j = k; j <= m; ++j) {
      for (std::size_t i = k - 1; i < j; ++i) {
        if (total[k - 1][i] == -INFINITY) continue;
        const double candidate = total[k - 1][i] + sums.best_variant(i, j).first;
        if (candidate > total[k][j] + kTieTolerance) {
          total[k][j] = candidate;
          cut[k][j] = i;
        }
      }
    }
  }
  // The fewest ranges that reach the best score.
  std::size_t chosen = 1;
  for (std::size_t k = 2; k <= ranges; ++k) {
    if (total[k][m] > total[chosen][m] + kTieTolerance) chosen = k;
  }
  std::vector<std::pair<std::size_t, std::size_t>> bounds;  // [begin, end) per range, descending
  for (std::size_t k = chosen, end = m; k > 0; --k) {
    bounds.emplace_back(cut[k][end], end);
    end = cut[k][end];
  }
  std::reverse(bounds.begin(), bounds.end());
  return bounds;
}

// The dispatch's ranges over `bounds` (positions of `axis`' values), each to its best variant, and
// its score; neighbouring ranges of one variant become one.
RuntimeDispatch dispatch_over(const std::vector<std::pair<std::size_t, std::size_t>>& bounds, const AxisSums& sums,
                              const Measured& measured, const DispatchAxis& axis) {
  RuntimeDispatch dispatch;
  for (const auto& [begin, end] : bounds) {
    const auto [sum, v] = sums.best_variant(begin, end);
    double range_weight = 0;
    for (std::size_t i = begin; i < end; ++i) range_weight += sums.weight[i];
    const std::string& variant = measured.candidates[v];
    if (!dispatch.ranges.empty() && dispatch.ranges.back().variant == variant) {  // never two ranges of one policy
      auto& previous = dispatch.ranges.back();
      previous.score = (previous.score * previous.weight + sum) / (previous.weight + range_weight);
      previous.weight += range_weight;
      previous.last = axis.values[end - 1];
      continue;
    }
    dispatch.ranges.push_back({axis.values[begin], axis.values[end - 1], variant, sum / range_weight, range_weight});
  }
  for (const auto& range : dispatch.ranges) dispatch.score += range.score * range.weight;
  return dispatch;
}

// Each boundary between neighbouring ranges of `dispatch`, with both variants' speedups on both sides.
void add_thresholds(RuntimeDispatch& dispatch, const AxisSums& sums, const Measured& measured) {
  // A variant's weighted speedup at one value of the axis.
  const auto speedup_at = [&](const std::string& variant, const std::string& value) {
    const std::size_t i = sums.index.at(value);
    const auto v = static_cast<std::size_t>(std::find(measured.candidates.begin(), measured.candidates.end(), variant) -
                                            measured.candidates.begin());
    return (sums.prefix[v][i + 1] - sums.prefix[v][i]) / sums.weight[i];
  };
  for (std::size_t r = 0; r + 1 < dispatch.ranges.size(); ++r) {
    const auto& lower = dispatch.ranges[r];
    const auto& upper = dispatch.ranges[r + 1];
    dispatch.thresholds.push_back({lower.last, upper.first, speedup_at(lower.variant, lower.last),
                                   speedup_at(upper.variant, lower.last), speedup_at(lower.variant, upper.first),
                                   speedup_at(upper.variant, upper.first)});
  }
}

// The best assignment of at most `max_ranges` contiguous ranges of `axis`' values to variants.
// Exact: dynamic programming over the ordered values, O(ranges * values^2 * variants).
RuntimeDispatch best_split(const Measured& measured, DispatchAxis axis, std::size_t max_ranges) {
  const AxisSums sums = sums_along(measured, axis);
  RuntimeDispatch dispatch = dispatch_over(best_ranges(sums, max_ranges), sums, measured, axis);
  add_thresholds(dispatch, sums, measured);
  dispatch.axis = std::move(axis);
  return dispatch;
}

// The variant `dispatch` assigns to each value of its axis.
std::map<std::string, std::string> variant_by_value(const RuntimeDispatch& dispatch) {
  std::map<std::string, std::string> variants;
  auto range = dispatch.ranges.begin();
  for (const auto& value : dispatch.axis.values) {
    variants[value] = range->variant;
    if (value == range->last && std::next(range) != dispatch.ranges.end()) ++range;
  }
  return variants;
}

std::string percent(double fraction) { return fmt::format("{:.2f}%", 100 * fraction); }

}  // namespace

double DispatchAxis::runtime_value(const std::string& value) const {
  double number = 0;
  parse_finite_number(value, number);
  return pow2 ? std::exp2(number) : number;
}

std::string DispatchAxis::describe(const std::string& value) const { return pow2 ? "2^" + value : value; }

std::string DispatchAxis::describe(const DispatchRange& range) const {
  return range.first == range.last ? describe(range.first) : describe(range.first) + ".." + describe(range.last);
}

std::optional<std::int64_t> DispatchAxis::boundary(const std::string& below, const std::string& above) const {
  double low = 0, high = 0;
  if (!parse_finite_number(below, low) || !parse_finite_number(above, high) || !(low < high)) return std::nullopt;
  // The midpoint of the exponents is the geometric midpoint of the sizes.
  const double middle = pow2 ? std::exp2((low + high) / 2) : (low + high) / 2;
  const double lowest = pow2 ? std::exp2(low) : low, highest = pow2 ? std::exp2(high) : high;
  const auto integral = [](double x) { return x == std::floor(x) && std::abs(x) < 0x1p62; };
  if (!integral(lowest) || !integral(highest)) return std::nullopt;
  return static_cast<std::int64_t>(std::ceil(middle));
}

std::string DispatchAxis::parameter_name() const {
  std::string parameter;
  for (char c : name.substr(0, name.find('{'))) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) {
      parameter += static_cast<char>(std::tolower(u));
    } else if (!parameter.empty() && parameter.back() != '_') {
      parameter += '_';
    }
  }
  while (!parameter.empty() && parameter.back() == '_') parameter.pop_back();
  if (parameter.empty() || std::isdigit(static_cast<unsigned char>(parameter.front())))
    parameter = "value_" + parameter;
  return parameter;
}

std::string describe_threshold(const RuntimeDispatch& dispatch, std::size_t index) {
  const auto& threshold = dispatch.thresholds.at(index);
  const auto& lower = dispatch.ranges.at(index).variant;
  const auto& upper = dispatch.ranges.at(index + 1).variant;
  const auto& axis = dispatch.axis;
  return fmt::format("{}|{}: at {} {} {:.3f} vs {} {:.3f}; at {} {} {:.3f} vs {} {:.3f}",
                     axis.describe(threshold.below), axis.describe(threshold.above), axis.describe(threshold.below),
                     lower, threshold.lower_at_below, upper, threshold.upper_at_below, axis.describe(threshold.above),
                     upper, threshold.upper_at_above, lower, threshold.lower_at_above);
}

WorkloadDispatch select_dispatch(const WorkloadGroup& group, const DispatchOptions& options) {
  WorkloadDispatch result;
  result.scope = group.scope;
  result.architecture = architecture_of(group.scope.device);
  result.ct_workload = group.scope.ct_workload;
  result.title = group.title();
  result.context = group.context();
  const ScoredWorkload scored = score_workload(group.rows, group.declared);
  if (!scored.problem.empty()) {
    result.problem = scored.problem;
    return result;
  }
  const Measured measured = measure(group, scored, options);

  // The single policy as `generate` picks it: the best usable variant if it beats base by more
  // than the noise, else base.
  result.single = measured.scores.at("base");
  const auto usable = [&](const std::string& variant) { return !options.usable || options.usable(variant); };
  if (const auto winner = pick_winner(scored, group.rows, usable)) {
    result.single = winner->score;
    result.single_noise = winner->noise;
  }

  for (auto& axis : splittable_axes(measured.keys)) {
    if (!options.axis.empty() && axis.name != options.axis) continue;
    RuntimeDispatch candidate = best_split(measured, std::move(axis), std::max<std::size_t>(options.max_policies, 1));
    if (!result.dispatch || candidate.score > result.dispatch->score + kTieTolerance)
      result.dispatch = std::move(candidate);
  }
  if (!result.dispatch) {
    result.verdict = options.axis.empty()
                         ? "one policy: no runtime axis has two or more numeric values to split"
                         : "one policy: " + options.axis + " is not a runtime axis with two or more numeric values";
    return result;
  }
  const RuntimeDispatch& dispatch = *result.dispatch;
  result.margin = dispatch.score / result.single.score - 1;
  const auto variants = variant_by_value(dispatch);
  result.noise = measured.difference_noise(
      [&](const RuntimeKey& key) { return variants.at(value_on(key.second, dispatch.axis.key)); },
      [&](const RuntimeKey&) { return result.single.variant; });
  const std::string gain = fmt::format("the best dispatch gains {:+.2f}% over one policy", 100 * result.margin);
  if (options.max_policies < 2) {
    result.verdict = "one policy: --max-policies allows no more";
  } else if (dispatch.ranges.size() < 2) {
    result.verdict = "one policy: " + dispatch.ranges.front().variant + " is best on every " + dispatch.axis.name;
  } else if (result.margin <= result.noise) {
    result.verdict = fmt::format("one policy: {}, within the noise ({})", gain, percent(result.noise));
  } else if (result.margin <= options.threshold) {
    result.verdict = fmt::format("one policy: {}, not more than the threshold ({})", gain, percent(options.threshold));
  } else {
    result.kept = true;
    result.verdict =
        fmt::format("dispatch: {} policies gain {:+.2f}% over one policy (noise {}, threshold {})",
                    dispatch.ranges.size(), 100 * result.margin, percent(result.noise), percent(options.threshold));
  }
  return result;
}

std::vector<WorkloadDispatch> select_dispatches(const std::vector<WorkloadGroup>& groups,
                                                const DispatchOptions& options) {
  std::vector<WorkloadDispatch> dispatches;
  for (const auto& group : groups) dispatches.push_back(select_dispatch(group, options));
  return dispatches;
}

std::string format_dispatch(const std::vector<WorkloadDispatch>& dispatches) {
  std::string out;
  for (const auto& d : dispatches) {
    out += fmt::format("{} on {}:\n", d.title, d.context);
    if (!d.problem.empty()) {
      out += fmt::format("  not scored: {}\n", d.problem);
      continue;
    }
    out += fmt::format("  one policy: {}, score {:.6f}", d.single.variant, d.single.score);
    out += d.single.variant == "base" ? "\n" : fmt::format(" (noise {})\n", percent(d.single_noise));
    if (d.dispatch) {
      const RuntimeDispatch& dispatch = *d.dispatch;
      out += fmt::format("  best dispatch over {}: {} range{}, score {:.6f}\n", dispatch.axis.key,
                         dispatch.ranges.size(), dispatch.ranges.size() == 1 ? "" : "s", dispatch.score);
      std::vector<std::string> spans;
      std::size_t span_width = dispatch.axis.name.size();
      std::size_t variant_width = std::string("variant").size();
      for (const auto& range : dispatch.ranges) {
        spans.push_back(dispatch.axis.describe(range));
        span_width = std::max(span_width, spans.back().size());
        variant_width = std::max(variant_width, range.variant.size());
      }
      out += fmt::format("    {:<{}}  {:<{}} {:>9} {:>7}\n", dispatch.axis.name, span_width, "variant", variant_width,
                         "score", "weight");
      for (std::size_t r = 0; r < dispatch.ranges.size(); ++r) {
        const auto& range = dispatch.ranges[r];
        out += fmt::format("    {:<{}}  {:<{}} {:9.6f} {:7.3f}\n", spans[r], span_width, range.variant, variant_width,
                           range.score, range.weight);
      }
      for (std::size_t t = 0; t < dispatch.thresholds.size(); ++t) {
        out += "    threshold " + describe_threshold(dispatch, t) + "\n";
      }
    }
    out += fmt::format("  verdict: {}\n", d.verdict);
  }
  return out;
}

}  // namespace policytune
