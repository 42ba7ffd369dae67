#include "report/svg_plot.hpp"
#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "support/text_search.hpp"

using namespace policytune;

TEST_CASE("nice_ticks: round steps of 1, 2 or 5 times a power of ten inside the range", "[report]") {
  CHECK(nice_ticks(0, 1, 5) == std::vector<double>{0, 0.2, 0.4, 0.6000000000000001, 0.8, 1});
  const auto ticks = nice_ticks(0.93, 1.37, 5);
  REQUIRE(ticks.size() == 4);
  CHECK(ticks.front() == Approx(1.0));
  CHECK(ticks.back() == Approx(1.3));
  CHECK(nice_ticks(1, 1, 5).empty());
  CHECK(nice_ticks(2, 1, 5).empty());
}

TEST_CASE("SvgPlot: axes with labels and units, a legend entry per mark, text escaped", "[report]") {
  SvgPlot plot("Speedup <of> \"all\"", "Elements{io} (elements, log2 scale)", "speedup over base (x)");
  plot.set_power_of_two_x(true);
  plot.add(PlotSeries{"bits_8 & more", "#f28e2b", PlotSeries::Style::line, {{8, 1.2}, {10, 1.1}, {12, 0.9}}});
  plot.add(PlotSeries{"winner", "#d62728", PlotSeries::Style::points, {{8, 1.0}}});
  plot.add(PlotMarker{11, "threshold 2048", "#333", true});
  plot.add(PlotBand{8, 11, "2^8..2^10: bits_8", "#f28e2b"});
  plot.add_reference(1.0, "base (1.0)");
  const std::string svg = plot.render();
  CHECK(svg.rfind("<svg class=\"plot\" width=\"860\" height=\"300\"", 0) == 0);
  CHECK(svg.find("Speedup &lt;of&gt; &quot;all&quot;") != std::string::npos);
  CHECK(svg.find(">Elements{io} (elements, log2 scale)</text>") != std::string::npos);
  CHECK(svg.find(">speedup over base (x)</text>") != std::string::npos);
  for (const char* tick : {">2^8<", ">2^10<", ">2^12<"}) CHECK(svg.find(tick) != std::string::npos);
  for (const char* legend :
       {">bits_8 &amp; more<", ">winner<", ">threshold 2048<", ">2^8..2^10: bits_8<", ">base (1.0)<"}) {
    CHECK(svg.find(legend) != std::string::npos);
  }
  CHECK(testing::occurrences(svg, "<path ") == 1);
  CHECK(svg.find("stroke-dasharray=\"5 4\"") != std::string::npos);
  CHECK(svg.find("nan") == std::string::npos);
}

TEST_CASE("SvgPlot: categories label the x axis; an empty plot still draws its axes", "[report]") {
  SvgPlot plot("Per workload", "runtime workload", "speedup over base (x)");
  plot.set_categories({"N=1000", "N=4000"});
  plot.add(PlotWhiskers{"min..max, mean", "#4e79a7", {{"N=1000", {1.0, {0.5, 1.5}}}, {"N=4000", {1.1, {0.9, 1.2}}}}});
  const std::string svg = plot.render(600, 240);
  CHECK(svg.find(">N=1000</text>") != std::string::npos);
  CHECK(svg.find(">N=4000</text>") != std::string::npos);
  CHECK(testing::occurrences(svg, "<circle ") == 2);

  const std::string empty = SvgPlot("Nothing", "x", "y").render();
  CHECK(empty.find("plot-area") != std::string::npos);
  CHECK(empty.find("nan") == std::string::npos);
  CHECK(empty.find("inf") == std::string::npos);
}

TEST_CASE("SvgPlot: a count axis has no ticks between whole numbers", "[report]") {
  SvgPlot plot("Convergence", "variants evaluated", "best score so far (x)");
  plot.set_whole_x(true);
  plot.add(PlotSeries{"best", "#d62728", PlotSeries::Style::step, {{0, 1}, {1, 1.5}, {3, 2}}});
  const std::string svg = plot.render();
  CHECK(svg.find(">0.5</text>") == std::string::npos);
  CHECK(svg.find(">1</text>") != std::string::npos);
  CHECK(svg.find(">3</text>") != std::string::npos);
}

TEST_CASE("SvgPlot: values that are no finite number are left out, never written as nan or inf", "[report]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  SvgPlot plot("Speedup", "Elements{io}", "speedup over base (x)");
  plot.add(PlotSeries{"bits_8", "#f28e2b", PlotSeries::Style::line, {{8, 1.2}, {10, nan}, {12, 0.9}, {inf, 1.0}}});
  plot.add(PlotSeries{"dots", "#d62728", PlotSeries::Style::points, {{nan, 1.0}, {9, -inf}, {11, 1.1}}});
  plot.add(PlotMarker{nan, "threshold", "#333", true});
  plot.add(PlotBand{8, inf, "band", "#f28e2b"});
  plot.add(PlotBars{"bars", "#4e79a7", {{{8, 9}, 1.0}, {{9, 10}, nan}}});
  plot.add(PlotWhiskers{"spread", "#59a14f", {{"a", {1.0, {0.9, 1.1}}}, {"b", {nan, {0.9, 1.1}}}}});
  plot.add_reference(-nan, "base");
  const std::string svg = plot.render();
  for (const char* never : {"nan", "inf", "NaN", "Inf"}) {
    INFO(never);
    CHECK(svg.find(never) == std::string::npos);
  }
  // What is finite is still drawn: two points of the line, one of the dots, one bar.
  CHECK(testing::occurrences(svg, "<path ") == 1);
  CHECK(testing::occurrences(svg, "<circle ") >= 1);
  CHECK(svg.find(">bits_8<") != std::string::npos);
}
