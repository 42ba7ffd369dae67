#include "report/svg_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/xml_text.hpp"

namespace policytune {
namespace {

constexpr int kLegendWidth = 230;
constexpr int kMarginLeft = 70;
constexpr int kMarginTop = 34;
constexpr int kMarginBottom = 62;

std::string number(double value) {
  if (std::abs(value) < 1e-12) return "0";
  return fmt::format("{:.4g}", value);
}

// Extends [low, high] by `value`.
void include(double& low, double& high, double value) {
  if (!std::isfinite(value)) return;
  low = std::min(low, value);
  high = std::max(high, value);
}

// A range of zero width (or none at all) made one that can be drawn.
void widen(double& low, double& high) {
  if (low > high) {
    low = 0;
    high = 1;
  } else if (high - low < 1e-12) {
    const double pad = std::max(std::abs(low) * 0.05, 0.5);
    low -= pad;
    high += pad;
  }
}

}  // namespace

void SvgPlot::add_reference(double y, std::string label) {
  if (std::isfinite(y)) reference_ = std::pair{y, std::move(label)};
}

void SvgPlot::add(PlotSeries series) {
  std::erase_if(series.points,
                [](const auto& point) { return !std::isfinite(point.first) || !std::isfinite(point.second); });
  series_.push_back(std::move(series));
}

void SvgPlot::add(PlotMarker marker) {
  if (std::isfinite(marker.x)) markers_.push_back(std::move(marker));
}

void SvgPlot::add(PlotBand band) {
  if (std::isfinite(band.from) && std::isfinite(band.to)) bands_.push_back(std::move(band));
}

void SvgPlot::add(PlotBars bars) {
  std::erase_if(bars.bars, [](const auto& bar) {
    return !std::isfinite(bar.first.first) || !std::isfinite(bar.first.second) || !std::isfinite(bar.second);
  });
  bars_.push_back(std::move(bars));
}

void SvgPlot::add(PlotWhiskers whiskers) {
  std::erase_if(whiskers.values, [](const auto& value) {
    const auto& [mid, extent] = value.second;
    return !std::isfinite(mid) || !std::isfinite(extent.first) || !std::isfinite(extent.second);
  });
  whiskers_.push_back(std::move(whiskers));
}

struct SvgPlot::Frame {
  double x_low = 0, x_high = 1, y_low = 0, y_high = 1;
  double left = 0, top = 0, right = 0, bottom = 0;  // the plot area in pixels
  int width = 0, height = 0;

  double x(double value) const { return left + (value - x_low) / (x_high - x_low) * (right - left); }
  double y(double value) const { return bottom - (value - y_low) / (y_high - y_low) * (bottom - top); }
};

std::vector<double> nice_ticks(double low, double high, int count) {
  std::vector<double> ticks;
  if (!(high > low) || count < 1) return ticks;
  const double raw = (high - low) / count;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
    step = factor * magnitude;
    if (step >= raw) break;
  }
  for (double tick = std::ceil(low / step) * step; tick <= high + step * 1e-9; tick += step) {
    ticks.push_back(std::abs(tick) < step * 1e-9 ? 0.0 : tick);
  }
  return ticks;
}

SvgPlot::SvgPlot(std::string title, std::string x_label, std::string y_label)
    : title_(std::move(title)), x_label_(std::move(x_label)), y_label_(std::move(y_label)) {}

SvgPlot::Frame SvgPlot::frame(int width, int height) const {
  Frame f;
  f.width = width;
  f.height = height;
  double x_low = std::numeric_limits<double>::infinity(), x_high = -x_low;
  double y_low = x_low, y_high = -x_low;
  for (const auto& series : series_) {
    for (const auto& [x, y] : series.points) {
      include(x_low, x_high, x);
      include(y_low, y_high, y);
    }
  }
  for (const auto& marker : markers_) include(x_low, x_high, marker.x);
  for (const auto& band : bands_) {
    include(x_low, x_high, band.from);
    include(x_low, x_high, band.to);
  }
  for (const auto& bars : bars_) {
    for (const auto& [span, count] : bars.bars) {
      include(x_low, x_high, span.first);
      include(x_low, x_high, span.second);
      include(y_low, y_high, 0);
      include(y_low, y_high, count);
    }
  }
  for (const auto& whiskers : whiskers_) {
    for (const auto& [category, value] : whiskers.values) {
      include(y_low, y_high, value.second.first);
      include(y_low, y_high, value.second.second);
    }
  }
  if (reference_) include(y_low, y_high, reference_->first);
  if (!categories_.empty()) {
    x_low = -0.5;
    x_high = static_cast<double>(categories_.size()) - 0.5;
  }
  widen(x_low, x_high);
  widen(y_low, y_high);
  if (categories_.empty() && !power_of_two_x_) {  // room for a marker at the edge
    const double room = (x_high - x_low) * 0.03;
    x_low -= room;
    x_high += room;
  }
  const double pad = (y_high - y_low) * 0.06;
  f.x_low = x_low;
  f.x_high = x_high;
  f.y_low = bars_.empty() ? y_low - pad : y_low;
  f.y_high = y_high + pad;
  f.left = kMarginLeft;
  f.top = kMarginTop;
  f.right = width - kLegendWidth;
  f.bottom = height - kMarginBottom;
  return f;
}

std::string SvgPlot::axes(const Frame& f) const {
  std::string out = fmt::format(R"(<rect class="plot-area" x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}"/>)",
                                f.left, f.top, f.right - f.left, f.bottom - f.top);
  for (const double tick : nice_ticks(f.y_low, f.y_high, 5)) {
    out += fmt::format(R"(<line class="grid" x1="{0:.1f}" x2="{1:.1f}" y1="{2:.1f}" y2="{2:.1f}"/>)"
                       R"(<text class="tick" x="{3:.1f}" y="{4:.1f}" text-anchor="end">{5}</text>)",
                       f.left, f.right, f.y(tick), f.left - 6, f.y(tick) + 4, number(tick));
  }
  std::vector<std::pair<double, std::string>> x_ticks;
  if (!categories_.empty()) {
    const std::size_t every = std::max<std::size_t>(1, (categories_.size() + 11) / 12);
    for (std::size_t i = 0; i < categories_.size(); i += every)
      x_ticks.emplace_back(static_cast<double>(i), categories_[i]);
  } else if (power_of_two_x_) {
    const int first = static_cast<int>(std::ceil(f.x_low)), last = static_cast<int>(std::floor(f.x_high));
    const int every = std::max(1, (last - first) / 10 + 1);
    for (int k = first; k <= last; k += every) x_ticks.emplace_back(k, fmt::format("2^{}", k));
  } else {
    for (const double tick : nice_ticks(f.x_low, f.x_high, 8)) {
      if (!whole_x_ || tick == std::floor(tick)) x_ticks.emplace_back(tick, number(tick));
    }
  }
  for (const auto& [x, label] : x_ticks) {
    out += fmt::format(R"(<line class="axis" x1="{0:.1f}" x2="{0:.1f}" y1="{1:.1f}" y2="{2:.1f}"/>)"
                       R"(<text class="tick" x="{0:.1f}" y="{3:.1f}" text-anchor="middle">{4}</text>)",
                       f.x(x), f.bottom, f.bottom + 5, f.bottom + 18, escape_xml(label));
  }
  out += fmt::format(R"(<text class="axis-label" x="{:.1f}" y="{:.1f}" text-anchor="middle">{}</text>)",
                     (f.left + f.right) / 2, f.bottom + 40, escape_xml(x_label_));
  out += fmt::format(
      R"svg(<text class="axis-label" transform="translate(16 {:.1f}) rotate(-90)" text-anchor="middle">{}</text>)svg",
      (f.top + f.bottom) / 2, escape_xml(y_label_));
  return out + fmt::format(R"(<text class="plot-title" x="{:.1f}" y="20">{}</text>)", f.left, escape_xml(title_));
}

std::string SvgPlot::marks(const Frame& f) const {
  std::string out;
  for (const auto& band : bands_) {
    out +=
        fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}" opacity="0.15"/>)",
                    f.x(band.from), f.top, std::max(0.0, f.x(band.to) - f.x(band.from)), f.bottom - f.top, band.color);
  }
  for (const auto& bars : bars_) {
    for (const auto& [span, count] : bars.bars) {
      out += fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}"/>)",
                         f.x(span.first) + 0.5, f.y(count), std::max(0.5, f.x(span.second) - f.x(span.first) - 1),
                         f.y(0) - f.y(count), bars.color);
    }
  }
  if (reference_) {
    out += fmt::format(R"(<line class="reference" x1="{0:.1f}" x2="{1:.1f}" y1="{2:.1f}" y2="{2:.1f}"/>)", f.left,
                       f.right, f.y(reference_->first));
  }
  for (const auto& whiskers : whiskers_) {
    for (std::size_t i = 0; i < whiskers.values.size(); ++i) {
      const auto& [mid, span] = whiskers.values[i].second;
      const double x = f.x(static_cast<double>(i));
      out += fmt::format(R"(<line x1="{0:.1f}" x2="{0:.1f}" y1="{1:.1f}" y2="{2:.1f}" stroke="{3}" stroke-width="2"/>)"
                         R"(<line x1="{4:.1f}" x2="{5:.1f}" y1="{1:.1f}" y2="{1:.1f}" stroke="{3}"/>)"
                         R"(<line x1="{4:.1f}" x2="{5:.1f}" y1="{2:.1f}" y2="{2:.1f}" stroke="{3}"/>)"
                         R"(<circle cx="{0:.1f}" cy="{6:.1f}" r="3.5" fill="{3}"/>)",
                         x, f.y(span.first), f.y(span.second), whiskers.color, x - 5, x + 5, f.y(mid));
    }
  }
  for (const auto& series : series_) {
    std::string path;
    for (std::size_t i = 0; i < series.points.size(); ++i) {
      const auto& [x, y] = series.points[i];
      if (series.style == PlotSeries::Style::points) {
        out += fmt::format(R"(<circle cx="{:.1f}" cy="{:.1f}" r="3" fill="{}"/>)", f.x(x), f.y(y), series.color);
        continue;
      }
      if (i > 0 && series.style == PlotSeries::Style::step) path += fmt::format(" H{:.1f}", f.x(x));
      path += fmt::format("{}{:.1f},{:.1f}", i == 0 ? "M" : " L", f.x(x), f.y(y));
    }
    if (!path.empty())
      out += fmt::format(R"(<path d="{}" fill="none" stroke="{}" stroke-width="2"/>)", path, series.color);
  }
  for (const auto& marker : markers_) {
    out +=
        fmt::format(R"(<line x1="{0:.1f}" x2="{0:.1f}" y1="{1:.1f}" y2="{2:.1f}" stroke="{3}" stroke-width="2"{4}/>)",
                    f.x(marker.x), f.top, f.bottom, marker.color, marker.dashed ? R"( stroke-dasharray="5 4")" : "");
  }
  return out;
}

std::string SvgPlot::legend(const Frame& f) const {
  std::string out;
  double y = f.top + 8;
  const double x = f.right + 18;
  // A long label wraps once at its first ", " and is cut after that.
  const auto entry = [&](const std::string& swatch, const std::string& label) {
    const auto cut = [](const std::string& text) { return text.size() > 31 ? text.substr(0, 30) + "…" : text; };
    const auto comma = label.find(", ");
    const bool wrap = label.size() > 31 && comma != std::string::npos && comma <= 31;
    out += swatch + fmt::format(R"(<text class="legend" x="{:.1f}" y="{:.1f}">{}</text>)", x + 26, y + 4,
                                escape_xml(cut(wrap ? label.substr(0, comma + 1) : label)));
    if (wrap) {
      y += 15;
      out += fmt::format(R"(<text class="legend" x="{:.1f}" y="{:.1f}">{}</text>)", x + 26, y + 4,
                         escape_xml(cut(label.substr(comma + 2))));
    }
    y += 18;
  };
  const auto line = [&](const std::string& color, const std::string& extra) {
    return fmt::format(
        R"(<line x1="{0:.1f}" x2="{1:.1f}" y1="{2:.1f}" y2="{2:.1f}" stroke="{3}" stroke-width="2"{4}/>)", x, x + 20, y,
        color, extra);
  };
  const auto box = [&](const std::string& color, const std::string& extra) {
    return fmt::format(R"(<rect x="{:.1f}" y="{:.1f}" width="20" height="10" fill="{}"{}/>)", x, y - 5, color, extra);
  };
  for (const auto& bars : bars_) entry(box(bars.color, ""), bars.label);
  for (const auto& whiskers : whiskers_) entry(line(whiskers.color, ""), whiskers.label);
  for (const auto& series : series_) {
    entry(series.style == PlotSeries::Style::points
              ? fmt::format(R"(<circle cx="{:.1f}" cy="{:.1f}" r="3" fill="{}"/>)", x + 10, y, series.color)
              : line(series.color, ""),
          series.label);
  }
  for (const auto& marker : markers_)
    entry(line(marker.color, marker.dashed ? R"( stroke-dasharray="5 4")" : ""), marker.label);
  for (const auto& band : bands_) entry(box(band.color, R"( opacity="0.3")"), band.label);
  if (reference_) entry(line("#777", R"( stroke-dasharray="2 3")"), reference_->second);
  return out;
}

std::string SvgPlot::render(int width, int height) const {
  const Frame f = frame(width, height);
  return fmt::format(R"(<svg class="plot" width="{0}" height="{1}" viewBox="0 0 {0} {1}" )"
                     R"(role="img" aria-label="{2}">{3}{4}{5}</svg>)",
                     width, height, escape_xml(title_), axes(f), marks(f), legend(f));
}

}  // namespace policytune
