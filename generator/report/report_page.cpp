#include "report/report_page.hpp"

#include <fmt/format.h>

#include "core/big_count.hpp"
#include "core/xml_text.hpp"
#include "report/report_charts.hpp"
#include "select/dispatch_selection.hpp"

namespace policytune {
namespace {

constexpr const char* kStyle = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 24px auto; max-width: 1100px;
       color: #222; background: #fff; padding: 0 16px; }
h1 { font-size: 26px; margin-bottom: 4px; }
h2 { font-size: 20px; margin-top: 36px; border-bottom: 2px solid #4e79a7; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
.meta, .context { color: #555; font-size: 13px; }
nav ul { columns: 2; font-size: 13px; }
table { border-collapse: collapse; font-size: 13px; margin: 6px 0 12px; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #eef2f7; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
code { font-size: 12px; }
.verdict { font-size: 13px; margin: 4px 0; }
.kept { color: #1a7f37; font-weight: 600; }
.plot { display: block; margin: 4px 0 10px; background: #fff; }
.plot-area { fill: #fafbfd; stroke: #999; }
.grid { stroke: #e3e6ea; }
.axis { stroke: #666; }
.reference { stroke: #777; stroke-dasharray: 2 3; }
.tick { font-size: 11px; fill: #444; }
.axis-label { font-size: 12px; fill: #222; }
.plot-title { font-size: 14px; font-weight: 600; fill: #222; }
.legend { font-size: 12px; fill: #222; }
)";

std::string html(const std::string& text) { return escape_xml(text); }

std::string summary_table(const WorkloadReport& w) {
  std::string coverage = std::to_string(w.measured) + " / " + (w.space_size.empty() ? "unknown space" : w.space_size);
  if (!w.space_size.empty()) {
    const double size = BigCount::parse(w.space_size).to_double();  // a count past a double's range: infinity
    if (size > 0) coverage += fmt::format(" ({:.4g}%)", 100.0 * static_cast<double>(w.measured) / size);
  }
  std::size_t failed = 0;
  for (const auto& f : w.failures) failed += f.variants;
  std::string winner = w.winner == "base" ? "base (no variant beat it by more than the noise)"
                                          : fmt::format("<code>{}</code>, score {:.4f} (noise {:.2f}%)", html(w.winner),
                                                        w.winner_score, 100 * w.winner_noise);
  return fmt::format(
      "<table><tr><th>winner</th><td>{}</td></tr><tr><th>coverage (measured / space)</th><td>{}</td></tr>"
      "<tr><th>ranked variants</th><td>{}</td></tr><tr><th>failed variants</th><td>{}</td></tr>"
      "<tr><th>skipped (the device cannot launch them)</th><td>{}</td></tr></table>\n",
      winner, html(coverage), w.scored.ranked.empty() ? 0 : w.scored.ranked.size() - 1, failed, w.skipped);
}

std::string failures_table(const WorkloadReport& w) {
  if (w.failures.empty()) return "<p class=\"verdict\">No variant failed to build, run or verify.</p>\n";
  std::string out = "<table><tr><th>status</th><th>variants</th><th>reasons (variants)</th><th>for example</th></tr>\n";
  for (const auto& f : w.failures) {
    std::string reasons;
    for (const auto& [reason, count] : f.reasons) reasons += fmt::format("{} ({})<br>", html(reason), count);
    std::string examples;
    for (const auto& name : f.examples) examples += "<code>" + html(name) + "</code> ";
    out += fmt::format("<tr><td>{}</td><td class=\"number\">{}</td><td>{}</td><td>{}</td></tr>\n", to_string(f.status),
                       f.variants, reasons, examples);
  }
  return out + "</table>\n";
}

std::string dispatch_section(const WorkloadReport& w) {
  if (!w.dispatch.dispatch)
    return "<p class=\"verdict\">No runtime axis with two or more numeric values: no size dispatch.</p>\n";
  std::string out = dispatch_chart(w);
  out += fmt::format("<p class=\"verdict\">{}{}</p>\n",
                     w.dispatch.kept ? "<span class=\"kept\">Dispatch kept:</span> " : "", html(w.dispatch.verdict));
  const auto& thresholds = w.dispatch.dispatch->thresholds;
  if (!thresholds.empty()) {
    out += "<table><tr><th>threshold and the measurements that put it there</th></tr>\n";
    for (std::size_t t = 0; t < thresholds.size(); ++t) {
      out += "<tr><td>" + html(describe_threshold(*w.dispatch.dispatch, t)) + "</td></tr>\n";
    }
    out += "</table>\n";
  }
  return out;
}

std::string workload_section(const WorkloadReport& w, std::size_t index) {
  std::string out = fmt::format("<section id=\"w{}\">\n<h2>{}</h2>\n<p class=\"context\">{}<br>{}</p>\n", index,
                                html(w.title), html(w.context), html(w.source));
  out += summary_table(w);
  if (!w.scored.problem.empty()) {
    out += "<p class=\"verdict\">Not scored: " + html(w.scored.problem) + "</p>\n";
  } else {
    out += "<h3>Scores</h3>\n" + score_distribution_chart(w) + "\n";
    out += "<h3>Speedup per runtime workload</h3>\n" + runtime_speedup_chart(w) + "\n";
    out += "<h3>Size dispatch</h3>\n" + dispatch_section(w);
  }
  out += "<h3>Convergence</h3>\n" + convergence_chart(w) + "\n";
  out += "<h3>Failures</h3>\n" + failures_table(w);
  return out + "</section>\n";
}

std::string policy_cell(const HubLinks& hub, const ArchitecturePolicies& link, const WorkloadPolicy& policy) {
  std::string out =
      policy.variant_name == "base" ? "base (the library's policy)" : "<code>" + html(policy.variant_name) + "</code>";
  if (policy.score) out += fmt::format(", score {:.4f}", policy.score->score);
  const auto ranges = hub.dispatch_ranges.find({link.architecture, policy.ct_workload});
  if (ranges != hub.dispatch_ranges.end()) {
    out += "<br>with <code>--dispatch " + html(ranges->second.first) + "</code>: " + html(ranges->second.second);
  }
  return out;
}

std::string hubs_section(const Report& report) {
  std::string out =
      "<section id=\"hub\">\n<h2>The generated hub's architecture links</h2>\n"
      "<p class=\"context\">What <code>policytune generate</code> renders per architecture from this "
      "database (exact device match), and the ranges a <code>--dispatch</code> hub adds where a size dispatch is "
      "kept (over the runtime axis that gains most).</p>\n";
  for (const auto& hub : report.hubs) {
    out += fmt::format("<h3>{} (source {})</h3>\n", html(hub.benchmark), html(hub.source_hash));
    if (!hub.problem.empty()) {
      out += "<p class=\"verdict\">" + html(hub.problem) + "</p>\n";
      continue;
    }
    out += "<table><tr><th>link</th><th>measured on</th><th>compile-time workload</th><th>policy</th></tr>\n";
    for (const auto& link : hub.architectures) {
      const std::string name = link.architecture == "host" ? "host" : "sm_" + link.architecture;
      for (const auto& policy : link.workloads) {
        out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", html(name),
                           html(link.device_note), html(policy.ct_workload), policy_cell(hub, link, policy));
      }
    }
    out += "</table>\n";
  }
  return out + "</section>\n";
}

}  // namespace

std::string render_report_page(const Report& report) {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>PolicyTune report: {}</title>\n<style>{}</style>\n</head>\n<body>\n"
      "<h1>PolicyTune report</h1>\n<p class=\"meta\">{}: {} rows, {} compile-time workloads</p>\n",
      html(report.database), kStyle, html(report.database), report.rows, report.workloads.size());
  if (report.workloads.empty()) return out + "<p>No measurements.</p>\n</body>\n</html>\n";
  out += "<nav><ul>\n";
  for (std::size_t i = 0; i < report.workloads.size(); ++i) {
    out += fmt::format("<li><a href=\"#w{}\">{}</a> on {}</li>\n", i, html(report.workloads[i].title),
                       html(report.workloads[i].context));
  }
  out += "<li><a href=\"#hub\">The generated hub's architecture links</a></li>\n</ul></nav>\n";
  for (std::size_t i = 0; i < report.workloads.size(); ++i) out += workload_section(report.workloads[i], i);
  return out + hubs_section(report) + "</body>\n</html>\n";
}

}  // namespace policytune
