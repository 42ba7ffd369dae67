#include "core/measurement_validation.hpp"

#include <fmt/format.h>

#include <cmath>

namespace policytune {
namespace {

bool is_digits(std::string_view text) {
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return !text.empty();
}

int number_at(std::string_view text, std::size_t at, std::size_t length) {
  int value = 0;
  for (const char c : text.substr(at, length)) value = value * 10 + (c - '0');
  return value;
}

bool is_leap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in(int year, int month) {
  constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && is_leap(year) ? 29 : kDays[month - 1];
}

// Days from 1970-01-01 to a civil date (Howard Hinnant's days_from_civil).
std::int64_t days_since_epoch(int year, int month, int day) {
  year -= month <= 2 ? 1 : 0;
  const std::int64_t era = (year >= 0 ? year : year - 399) / 400;
  const auto year_of_era = static_cast<unsigned>(year - era * 400);
  const unsigned day_of_year = (153 * static_cast<unsigned>(month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
  const unsigned day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + static_cast<std::int64_t>(day_of_era) - 719468;
}

}  // namespace

std::optional<std::string> statistics_fault(const SampleStatistics& s, std::int64_t min_samples) {
  if (s.count < min_samples) return fmt::format("{} samples, fewer than the {} asked for", s.count, min_samples);
  for (const auto& [name, value] : {std::pair{"median", s.median}, {"mean", s.mean}, {"min", s.min}, {"max", s.max}}) {
    if (!std::isfinite(value) || value < kShortestMeasurableSeconds) {
      return fmt::format("a {} of {:g} s is not a measurement (at least 1 ns)", name, value);
    }
  }
  if (!std::isfinite(s.stddev) || s.stddev < 0) return fmt::format("a standard deviation of {:g}", s.stddev);
  // Rounding in the harness's summaries may put the mean a hair outside [min, max].
  const double slack = 1e-9 * s.max;
  if (s.median < s.min - slack || s.median > s.max + slack || s.mean < s.min - slack || s.mean > s.max + slack) {
    return fmt::format("inconsistent samples: min {:g}, median {:g}, mean {:g}, max {:g}", s.min, s.median, s.mean,
                       s.max);
  }
  return std::nullopt;
}

std::optional<std::time_t> parse_utc_timestamp(std::string_view text) {
  // YYYY-MM-DDTHH:MM:SSZ
  if (text.size() != 20 || text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' || text[16] != ':' ||
      text[19] != 'Z') {
    return std::nullopt;
  }
  for (const auto& [at, length] : {std::pair{0, 4}, {5, 2}, {8, 2}, {11, 2}, {14, 2}, {17, 2}}) {
    if (!is_digits(text.substr(at, length))) return std::nullopt;
  }
  const int year = number_at(text, 0, 4);
  const int month = number_at(text, 5, 2);
  const int day = number_at(text, 8, 2);
  const int hour = number_at(text, 11, 2);
  const int minute = number_at(text, 14, 2);
  const int second = number_at(text, 17, 2);
  if (month < 1 || month > 12 || day < 1 || day > days_in(year, month) || hour > 23 || minute > 59 || second > 59) {
    return std::nullopt;
  }
  const std::int64_t seconds_of_day = std::int64_t{hour} * 3600 + std::int64_t{minute} * 60 + second;
  return static_cast<std::time_t>(days_since_epoch(year, month, day) * 86400 + seconds_of_day);
}

bool is_utc_timestamp(std::string_view text) { return parse_utc_timestamp(text).has_value(); }

std::optional<std::string> measurement_fault(const Measurement& row, std::optional<std::time_t> now) {
  if (row.benchmark.empty()) return "no benchmark name";
  if (row.variant.empty()) return "no variant name";
  if (row.status == Status::ok) {
    if (auto why = statistics_fault(row.statistics)) return why;
  } else {
    // A failure carries no measurement, but what it carries must still be numbers.
    const SampleStatistics& s = row.statistics;
    if (s.count < 0) return fmt::format("a sample count of {}", s.count);
    for (const double value : {s.median, s.mean, s.stddev, s.min, s.max}) {
      if (!std::isfinite(value) || value < 0)
        return fmt::format("statistics of a failed row that are not times ({:g})", value);
    }
  }
  if (row.bytes_per_second && (!std::isfinite(*row.bytes_per_second) || *row.bytes_per_second < 0)) {
    return fmt::format("a bandwidth of {:g} bytes/s", *row.bytes_per_second);
  }
  if (row.confirmed_rounds < 0) return fmt::format("{} confirmation rounds", row.confirmed_rounds);
  if (!row.recorded_at.empty()) {
    const auto when = parse_utc_timestamp(row.recorded_at);
    if (!when) return "recorded_at '" + row.recorded_at + "' is not a UTC timestamp like 2026-11-25T06:00:00Z";
    if (now && *when > *now + kClockSkewAllowed) {
      return "recorded_at " + row.recorded_at + " lies in the future (this machine's clock says " +
             utc_timestamp(*now) + ")";
    }
  }
  return std::nullopt;
}

std::string describe_row(const Measurement& row) {
  std::string text = row.benchmark + " " + row.variant;
  if (!row.ct_workload.empty()) text += " [" + row.ct_workload + "]";
  if (!row.rt_workload.empty()) text += " " + row.rt_workload;
  return text;
}

}  // namespace policytune
