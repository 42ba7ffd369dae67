#include "check/check_report_formats.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "core/comment_text.hpp"
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

std::string human_time(double seconds) {
  if (seconds >= 1) return fmt::format("{:.3f} s", seconds);
  if (seconds >= 1e-3) return fmt::format("{:.3f} ms", seconds * 1e3);
  return fmt::format("{:.3f} us", seconds * 1e6);
}

std::string describe_verdict(const CheckRow& row) {
  std::string verdict(to_string(row.verdict));
  if (row.verdict == CheckRow::Verdict::regression) {
    verdict += fmt::format(" (slower than base by more than {:.1f}%)", 100 * row.allowed_slowdown);
  } else if (row.verdict == CheckRow::Verdict::gain_lost) {
    verdict +=
        fmt::format(" (gain below {:.3f})", std::min(row.predicted_gain.value_or(1.0), 1.0) * (1 - row.allowed_loss));
  } else if (row.verdict == CheckRow::Verdict::failed) {
    verdict += ": " + row.reason;
  }
  return verdict;
}

std::string format_check_report(const CheckReport& report) {
  std::string out;
  if (!report.rows.empty()) {
    const bool ranges =
        std::any_of(report.rows.begin(), report.rows.end(), [](const CheckRow& row) { return !row.range.empty(); });
    const auto optional_ratio = [](const std::optional<double>& value) {
      return value ? fmt::format("{:.3f}", *value) : std::string("-");
    };
    // The columns of a dispatch, inserted after `runtime workload` and before `verdict`.
    const auto with_ranges = [&](std::vector<std::string> line, const std::string& range,
                                 std::vector<std::string> single) {
      if (!ranges) return line;
      line.insert(line.begin() + 3, range.empty() ? "-" : range);
      line.insert(line.end() - 1, single.begin(), single.end());
      return line;
    };
    const std::vector<std::string> header =
        with_ranges({"benchmark", "compile-time workload", "runtime workload", "shipped", "base", "shipped time",
                     "speedup", "stored", "drift", "verdict"},
                    "range", {"single", "single time", "gain", "predicted"});
    std::vector<std::vector<std::string>> table{header};
    for (const auto& row : report.rows) {
      const std::string single = row.single_variant.empty() ? "-" : row.single_variant;
      if (row.verdict == CheckRow::Verdict::failed) {
        table.push_back(with_ranges({row.benchmark, row.ct_workload, row.rt_workload, row.variant, "", "", "", "", "",
                                     std::string(to_string(row.verdict)) + ": " + row.reason},
                                    row.range, {single, "", "", ""}));
        continue;
      }
      const std::string verdict = describe_verdict(row);
      table.push_back(with_ranges(
          {row.benchmark, row.ct_workload, row.rt_workload, row.variant, human_time(row.base_seconds),
           human_time(row.shipped_seconds), fmt::format("{:.3f}", row.speedup), optional_ratio(row.stored_speedup),
           row.drift ? fmt::format("{:.1f}%", 100 * *row.drift) : "-", verdict},
          row.range,
          {single, row.single_seconds ? human_time(*row.single_seconds) : "-", optional_ratio(row.gain),
           optional_ratio(row.predicted_gain)}));
    }
    // A failure's reason and the names are the benchmark's words: one printable line per cell.
    for (auto& line : table) {
      for (auto& cell : line) cell = one_line_text(cell);
    }
    std::vector<std::size_t> widths(header.size(), 0);
    for (const auto& line : table) {
      for (std::size_t i = 0; i < line.size(); ++i) widths[i] = std::max(widths[i], line[i].size());
    }
    for (const auto& line : table) {
      std::string text;
      for (std::size_t i = 0; i < line.size(); ++i) {
        text += i + 1 == line.size() ? line[i] : fmt::format("{:<{}}  ", line[i], widths[i]);
      }
      out += text + "\n";
    }
  }
  for (const auto& benchmark : report.benchmarks) {
    out += fmt::format("{}: {}\n", benchmark.benchmark, one_line_text(benchmark.note));
  }
  return out;
}

}  // namespace policytune
