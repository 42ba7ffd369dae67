#pragma once

#include <string>

#include "check/regression_check.hpp"

namespace policytune {

// `policytune check` for CI servers, beside the plain table of format_check_report().

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
