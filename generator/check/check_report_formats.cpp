#include "check/check_report_formats.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "core/xml_text.hpp"

namespace policytune {
namespace {

bool is_failure(CheckRow::Verdict verdict) {
  return verdict == CheckRow::Verdict::regression || verdict == CheckRow::Verdict::gain_lost ||
         verdict == CheckRow::Verdict::drift;
}

std::string case_name(const CheckRow& row) {
  std::string name = row.ct_workload.empty() ? row.rt_workload : row.ct_workload + " / " + row.rt_workload;
  if (!row.range.empty()) name += " [range " + row.range + "]";
  return name.empty() ? row.variant : name;
}

// What a row measured, for the body of its <failure> and for Markdown's cells.
std::string measured(const CheckRow& row) {
  if (row.verdict == CheckRow::Verdict::failed) return "";
  std::string text = fmt::format("shipped {}: {} against base {}, speedup {:.3f}", row.variant,
                                 human_time(row.shipped_seconds), human_time(row.base_seconds), row.speedup);
  if (row.stored_speedup) text += fmt::format(" (stored {:.3f})", *row.stored_speedup);
  if (row.drift) text += fmt::format(", drift {:.1f}%", 100 * *row.drift);
  if (row.gain) {
    text += fmt::format("; against the single policy {}: gain {:.3f}", row.single_variant, *row.gain);
    if (row.predicted_gain) text += fmt::format(" (predicted {:.3f})", *row.predicted_gain);
  }
  return text;
}

std::string junit_case(const CheckRow& row) {
  std::string out = fmt::format("    <testcase name=\"{}\" classname=\"{}\" time=\"0\"", escape_xml(case_name(row)),
                                escape_xml(row.benchmark));
  const std::string verdict = escape_xml(std::string(to_string(row.verdict)));
  if (row.verdict == CheckRow::Verdict::failed) {
    return out + fmt::format(">\n      <error type=\"{}\" message=\"{}\"/>\n    </testcase>\n", verdict,
                             escape_xml(row.reason.empty() ? "failed" : row.reason));
  }
  if (is_failure(row.verdict)) {
    return out + fmt::format(">\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n    </testcase>\n", verdict,
                             escape_xml(describe_verdict(row)), escape_xml(measured(row)));
  }
  return out + "/>\n";
}

std::string junit_suite(const std::string& benchmark, const std::vector<const CheckRow*>& rows, bool skipped,
                        const std::string& note, std::size_t id, const JunitContext& context) {
  std::size_t failures = 0, errors = 0;
  std::string cases;
  for (const CheckRow* row : rows) {
    failures += is_failure(row->verdict);
    errors += row->verdict == CheckRow::Verdict::failed;
    cases += junit_case(*row);
  }
  if (skipped)
    cases += fmt::format("    <testcase name=\"{}\" classname=\"{}\" time=\"0\">\n      <skipped/>\n    </testcase>\n",
                         escape_xml(note), escape_xml(benchmark));
  return fmt::format(
      "  <testsuite package=\"policytune.check\" id=\"{}\" name=\"{}\" timestamp=\"{}\" hostname=\"{}\" tests=\"{}\" "
      "failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"0\">\n    <properties>\n"
      "      <property name=\"note\" value=\"{}\"/>\n    </properties>\n{}    <system-out></system-out>\n"
      "    <system-err></system-err>\n  </testsuite>\n",
      id, escape_xml(benchmark), escape_xml(context.timestamp), escape_xml(context.hostname),
      rows.size() + (skipped ? 1 : 0), failures, errors, skipped ? 1 : 0, escape_xml(note), cases);
}

// A Markdown table cell: one line, `|` escaped, and no markup a job summary would render as HTML.
std::string cell(const std::string& text) {
  std::string out;
  for (const char c : escape_xml(text)) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n' || c == '\r' || c == '\t') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out.empty() ? "-" : out;
}

}  // namespace

std::string format_check_junit(const CheckReport& report, const JunitContext& context) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
  std::size_t id = 0;
  for (const auto& benchmark : report.benchmarks) {
    std::vector<const CheckRow*> rows;
    for (const auto& row : report.rows) {
      if (row.benchmark == benchmark.benchmark) rows.push_back(&row);
    }
    out += junit_suite(benchmark.benchmark, rows, benchmark.skipped, benchmark.note, id++, context);
  }
  return out + "</testsuites>\n";
}

std::string format_check_markdown(const CheckReport& report) {
  std::string out;
  if (!report.rows.empty()) {
    out +=
        "| benchmark | compile-time workload | runtime workload | range | shipped | base | shipped time | speedup | "
        "stored | drift | gain over the single policy (predicted) | verdict |\n"
        "|---|---|---|---|---|---|---|---:|---:|---:|---:|---|\n";
  }
  for (const auto& row : report.rows) {
    const bool measured_row = row.verdict != CheckRow::Verdict::failed;
    const std::string verdict = row.verdict == CheckRow::Verdict::ok ? "ok" : "**" + describe_verdict(row) + "**";
    const std::string gain = row.gain
                                 ? fmt::format("{:.3f} ({})", *row.gain,
                                               row.predicted_gain ? fmt::format("{:.3f}", *row.predicted_gain) : "-")
                                 : "-";
    out += fmt::format(
        "| {} | {} | {} | {} | `{}` | {} | {} | {} | {} | {} | {} | {} |\n", cell(row.benchmark), cell(row.ct_workload),
        cell(row.rt_workload), cell(row.range), cell(row.variant), measured_row ? human_time(row.base_seconds) : "-",
        measured_row ? human_time(row.shipped_seconds) : "-", measured_row ? fmt::format("{:.3f}", row.speedup) : "-",
        row.stored_speedup ? fmt::format("{:.3f}", *row.stored_speedup) : "-",
        row.drift ? fmt::format("{:.1f}%", 100 * *row.drift) : "-", gain, cell(verdict));
  }
  if (!report.rows.empty()) out += "\n";
  for (const auto& benchmark : report.benchmarks) {
    out += fmt::format("- `{}`: {}\n", cell(benchmark.benchmark), cell(benchmark.note));
  }
  return out;
}

}  // namespace policytune
