#include "report/report_charts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "report/svg_plot.hpp"

namespace policytune {
namespace {

constexpr const char* kBaseColor = "#555555";
constexpr const char* kWinnerColor = "#d62728";
constexpr const char* kMeasuredColor = "#4e79a7";
constexpr const char* kPalette[] = {"#f28e2b", "#59a14f", "#b07aa1", "#76b7b2",
                                    "#edc948", "#9c755f", "#ff9da7", "#4e79a7"};

// One colour per variant, the same in every chart of a workload.
std::string color_of(const std::string& variant, std::map<std::string, std::string>& colors) {
  auto [found, added] = colors.emplace(variant, "");
  if (added) found->second = kPalette[(colors.size() - 1) % std::size(kPalette)];
  return found->second;
}

// Where the axis' value sits on the chart: its exponent on a power-of-two axis, else the value.
double position(const DispatchAxis& axis, const std::string& value) {
  return axis.pow2 ? std::stod(value) : axis.runtime_value(value);
}

// Where a selector switches from the range ending at `below` to the one starting at `above`.
double threshold_position(const DispatchAxis& axis, const DispatchThreshold& threshold) {
  if (const auto cut = axis.boundary(threshold.below, threshold.above)) {
    return axis.pow2 ? std::log2(static_cast<double>(*cut)) : static_cast<double>(*cut);
  }
  return (position(axis, threshold.below) + position(axis, threshold.above)) / 2;
}

}  // namespace

std::string score_distribution_chart(const WorkloadReport& workload) {
  SvgPlot plot("Score distribution of the measured variants", "score (weighted speedup over base, x)", "variants");
  const auto& ranked = workload.scored.ranked;
  if (ranked.empty()) return plot.render();
  const auto [low, high] = std::minmax_element(
      ranked.begin(), ranked.end(), [](const VariantScore& a, const VariantScore& b) { return a.score < b.score; });
  const std::size_t bin_count = std::clamp<std::size_t>(ranked.size() / 3, 8, 40);
  const double from = std::min(low->score, 1.0), to = std::max(high->score, 1.0);
  const double width = to > from ? (to - from) / static_cast<double>(bin_count) : 0.01;
  std::vector<double> counts(bin_count, 0);
  for (const auto& score : ranked) {
    if (score.variant == "base") continue;
    const auto bin =
        static_cast<std::size_t>(std::clamp((score.score - from) / width, 0.0, static_cast<double>(bin_count - 1)));
    counts[bin] += 1;
  }
  PlotBars bars{fmt::format("variants ({} ranked)", ranked.size() - 1), kMeasuredColor, {}};
  for (std::size_t i = 0; i < bin_count; ++i) {
    bars.bars.push_back(
        {{from + width * static_cast<double>(i), from + width * static_cast<double>(i + 1)}, counts[i]});
  }
  plot.add(std::move(bars));
  plot.add(PlotMarker{1.0, "base (1.000)", kBaseColor, true});
  if (workload.winner != "base") {
    plot.add(PlotMarker{workload.winner_score,
                        fmt::format("winner {} ({:.3f})", workload.winner, workload.winner_score), kWinnerColor,
                        false});
  } else {
    const double best = ranked.front().score;
    plot.add(PlotMarker{best,
                        fmt::format("best {} ({:.3f}), not beyond the noise: base wins", ranked.front().variant, best),
                        "#f28e2b", false});
  }
  return plot.render();
}

std::string runtime_speedup_chart(const WorkloadReport& workload) {
  // One axis in every runtime workload ("Elements{io}[pow2]=16"): the axis names the x axis, its values the ticks.
  std::string axis;
  for (const auto& s : workload.spreads) {
    const auto equals = s.workload.find('=');
    const std::string name =
        equals == std::string::npos || s.workload.find(',') != std::string::npos ? "" : s.workload.substr(0, equals);
    axis = &s == &workload.spreads.front() || name == axis ? name : "";
    if (axis.empty()) break;
  }
  SvgPlot plot("Speedup over base per runtime workload",
               axis.empty() ? "runtime workload" : "runtime workload: " + axis, "speedup over base (x)");
  std::vector<std::string> categories;
  PlotWhiskers spread{"variants: min..max, mean", kMeasuredColor, {}};
  PlotSeries winner{"winner " + workload.winner, kWinnerColor, PlotSeries::Style::points, {}};
  for (std::size_t i = 0; i < workload.spreads.size(); ++i) {
    const auto& s = workload.spreads[i];
    categories.push_back(axis.empty() ? s.workload : s.workload.substr(axis.size() + 1));
    spread.values.push_back({s.workload, {s.mean, {s.min, s.max}}});
    if (s.winner) winner.points.emplace_back(static_cast<double>(i), *s.winner);
  }
  plot.set_categories(std::move(categories));
  plot.add(std::move(spread));
  if (!winner.points.empty()) plot.add(std::move(winner));
  plot.add_reference(1.0, "base (1.0)");
  return plot.render();
}

std::string dispatch_chart(const WorkloadReport& workload) {
  if (!workload.dispatch.dispatch) return "";
  const RuntimeDispatch& dispatch = *workload.dispatch.dispatch;
  const DispatchAxis& axis = dispatch.axis;
  SvgPlot plot(fmt::format("Speedup against {} and the ranges of the best dispatch ({})", axis.name,
                           workload.dispatch.kept ? "kept" : "not kept"),
               axis.pow2 ? axis.name + " (elements, log2 scale)" : axis.name, "speedup over base (x)");
  plot.set_power_of_two_x(axis.pow2);
  std::map<std::string, std::string> colors;
  for (const auto& curve : workload.curves) {
    const bool single = curve.variant == workload.dispatch.single.variant;
    plot.add(PlotSeries{single ? "single policy " + curve.variant : curve.variant,
                        single ? kWinnerColor : color_of(curve.variant, colors), PlotSeries::Style::line,
                        curve.points});
  }
  std::vector<double> cuts;
  for (const auto& threshold : dispatch.thresholds) cuts.push_back(threshold_position(axis, threshold));
  for (std::size_t i = 0; i < dispatch.ranges.size(); ++i) {
    const auto& range = dispatch.ranges[i];
    double from = i == 0 ? position(axis, range.first) : cuts[i - 1];
    double to = i + 1 == dispatch.ranges.size() ? position(axis, range.last) : cuts[i];
    if (to - from < 0.2) from -= 0.1, to += 0.1;
    const std::string color = range.variant == "base" ? kBaseColor : color_of(range.variant, colors);
    plot.add(PlotBand{from, to, fmt::format("{}: {}", axis.describe(range), range.variant), color});
  }
  for (std::size_t t = 0; t < dispatch.thresholds.size(); ++t) {
    const auto cut = axis.boundary(dispatch.thresholds[t].below, dispatch.thresholds[t].above);
    plot.add(PlotMarker{cuts[t], cut ? fmt::format("threshold {}", *cut) : "threshold", "#333333", true});
  }
  plot.add_reference(1.0, "base (1.0)");
  return plot.render();
}

std::string convergence_chart(const WorkloadReport& workload) {
  SvgPlot plot("Search convergence", "variants evaluated (in the order stored)", "best score so far (x)");
  plot.set_whole_x(true);
  plot.add(PlotSeries{"best score found", kWinnerColor, PlotSeries::Style::step, workload.convergence});
  plot.add_reference(1.0, "base (1.0)");
  return plot.render();
}

}  // namespace policytune
