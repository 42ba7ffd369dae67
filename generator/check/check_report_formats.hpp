#pragma once

#include <string>

#include "check/check_report.hpp"

namespace policytune {

// How `policytune check` writes its report: a plain table for a person, JUnit XML and Markdown for
// CI servers.

// The report as a table a person reads in a CI log, then one line per benchmark note. The columns
// of a dispatch (range, single, single time, gain, predicted) appear when some row has a range,
// `-` where they do not apply.
std::string format_check_report(const CheckReport& report);

// The verdict and why, in words: `REGRESSION (slower than base by more than 2.0%)`, `GAIN LOST
// (gain below 0.980)`, `FAILED: <reason>`, `DRIFT`, `ok`.
std::string describe_verdict(const CheckRow& row);

// A median in the unit that reads best: `1.250 ms`, `87.000 us`, `1.200 s`.
std::string human_time(double seconds);

// For CI servers, beside the plain table:

// Where and when a check ran, as a JUnit document records it.
struct JunitContext {
  std::string hostname = "localhost";
  std::string timestamp;  // ISO 8601 without a time zone ("2026-11-23T01:02:03"), as JUnit's schema asks
};

// JUnit XML in the Ant format CI servers read: one <testsuite> per benchmark, one <testcase> per row
// (classname the benchmark, name "compile-time workload / runtime workload [range]"). A regression,
// a lost gain or a drift is a <failure> whose type is the verdict and whose message says by how
// much; a row that did not build, run or verify is an <error> with its reason; a benchmark skipped
// for want of a device is one <skipped/> case. Every text is escaped (xml_text.hpp).
std::string format_check_junit(const CheckReport& report, const JunitContext& context);

// The same rows as a GitHub-flavoured Markdown table (for a CI job summary), then one line per
// benchmark note and the verdict. `|` and newlines in cells are escaped so a row stays one row.
std::string format_check_markdown(const CheckReport& report);

}  // namespace policytune
