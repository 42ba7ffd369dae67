#include "check/check_report.hpp"

#include <algorithm>

namespace policytune {

std::string_view to_string(CheckRow::Verdict verdict) noexcept {
  switch (verdict) {
    case CheckRow::Verdict::ok:
      return "ok";
    case CheckRow::Verdict::regression:
      return "REGRESSION";
    case CheckRow::Verdict::gain_lost:
      return "GAIN LOST";
    case CheckRow::Verdict::drift:
      return "DRIFT";
    case CheckRow::Verdict::failed:
      return "FAILED";
  }
  return "?";
}

bool CheckReport::passed() const {
  return std::all_of(rows.begin(), rows.end(),
                     [](const CheckRow& row) { return row.verdict == CheckRow::Verdict::ok; });
}

bool CheckReport::all_skipped() const {
  return !benchmarks.empty() &&
         std::all_of(benchmarks.begin(), benchmarks.end(), [](const CheckedBenchmark& b) { return b.skipped; });
}

}  // namespace policytune
