#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace policytune {

// A small plotter that writes one chart as inline SVG: axes with ticks, labels and units, a
// legend, and the few marks the report draws (lines, steps, points, bars, min-max whiskers,
// vertical markers, shaded spans). Our own because no packaged plotting library fits a tool that
// must run from a static bundle on bare GPU machines: the C++ ones in Debian drive gnuplot (a
// program the bundle lacks) or need PLplot's or cairo's shared libraries and fonts at run time,
// and the JavaScript ones draw at view time on a canvas, not as inline SVG.
struct PlotSeries {
  enum class Style { line, step, points };
  std::string label;  // in the legend
  std::string color;  // a CSS colour
  Style style = Style::line;
  std::vector<std::pair<double, double>> points;  // (x, y), in x order for lines and steps
};

// A vertical line across the plot at x, in the legend as `label`.
struct PlotMarker {
  double x = 0;
  std::string label;
  std::string color;
  bool dashed = false;
};

// A shaded span of x, in the legend as `label`.
struct PlotBand {
  double from = 0;
  double to = 0;
  std::string label;
  std::string color;
};

// Histogram bars: [from, to) with a height; drawn in `color`, labelled once in the legend.
struct PlotBars {
  std::string label;
  std::string color;
  std::vector<std::pair<std::pair<double, double>, double>> bars;  // ((from, to), height)
};

// Per category: low..high as a whisker and mid as a point (min, mean, max).
struct PlotWhiskers {
  std::string label;
  std::string color;
  std::vector<std::pair<std::string, std::pair<double, std::pair<double, double>>>>
      values;  // (category, (mid, (low, high)))
};

class SvgPlot {
public:
  SvgPlot(std::string title, std::string x_label, std::string y_label);

  // x values are exponents of two: ticks at whole exponents, labelled 2^k.
  void set_power_of_two_x(bool on) { power_of_two_x_ = on; }
  // x values are counts: no tick between two whole numbers.
  void set_whole_x(bool on) { whole_x_ = on; }
  // Categorical x axis: category i sits at x = i, labelled with its name.
  void set_categories(std::vector<std::string> categories) { categories_ = std::move(categories); }
  // A horizontal reference line at y, in the legend as `label`.
  void add_reference(double y, std::string label);

  // A point, mark or bar with a coordinate that is no finite number is left out: SVG has no
  // place for it (x="nan" is an error the browser logs, and the mark is lost anyway).
  void add(PlotSeries series);
  void add(PlotMarker marker);
  void add(PlotBand band);
  void add(PlotBars bars);
  void add(PlotWhiskers whiskers);

  // The chart as an <svg> element, `width` x `height` pixels, the legend at its right.
  std::string render(int width = 860, int height = 300) const;

private:
  struct Frame;  // the data's extent and the pixel box it maps to
  Frame frame(int width, int height) const;
  std::string axes(const Frame& frame) const;
  std::string marks(const Frame& frame) const;
  std::string legend(const Frame& frame) const;

  std::string title_;
  std::string x_label_;
  std::string y_label_;
  bool power_of_two_x_ = false;
  bool whole_x_ = false;
  std::vector<std::string> categories_;
  std::optional<std::pair<double, std::string>> reference_;
  std::vector<PlotSeries> series_;
  std::vector<PlotMarker> markers_;
  std::vector<PlotBand> bands_;
  std::vector<PlotBars> bars_;
  std::vector<PlotWhiskers> whiskers_;
};

// Tick positions for [low, high]: about `count` round values (steps of 1, 2 or 5 times a power of ten).
std::vector<double> nice_ticks(double low, double high, int count);

}  // namespace policytune
