#pragma once

#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

#include "core/measurement.hpp"

namespace policytune {

// The one rule for which numbers a measurement may hold, checked wherever rows enter: the
// harness's documents (harness_state_validation.hpp), and every store before it accepts a row, from
// a search, a merge or an import. A row that breaks it would rank (a median of 0, NaN stored as 0,
// -1) or win a merge (a date in the future) over the good row it replaces.

// The shortest time a state can report: below a nanosecond no timer measured anything.
inline constexpr double kShortestMeasurableSeconds = 1e-9;

// Why statistics of a successful measurement are not one (too few samples, times that are not
// finite or under a nanosecond, a median or mean outside [min, max], a negative deviation).
std::optional<std::string> statistics_fault(const SampleStatistics& statistics, std::int64_t min_samples = 1);

// Whether `text` is a timestamp as utc_timestamp() writes it ("2026-11-25T06:00:00Z"), a real
// date and time. Rows compare their dates as text, which only this one format makes right.
bool is_utc_timestamp(std::string_view text);
// The seconds since the epoch of such a timestamp; nullopt for anything else.
std::optional<std::time_t> parse_utc_timestamp(std::string_view text);

// How far ahead of this machine's clock a row's date may be: another machine's clock may run a
// little ahead, but a row dated later than this is wrong, and would win every merge.
inline constexpr std::time_t kClockSkewAllowed = std::time_t{24} * 60 * 60;

// Why `row` cannot be stored, or nullopt: its statistics (for ok rows), numbers that are not finite
// or negative (any row), an empty name, a recorded_at that is not a timestamp or (when `now` is
// given) lies more than a day after it. An empty recorded_at is allowed: the store stamps it.
std::optional<std::string> measurement_fault(const Measurement& row, std::optional<std::time_t> now);

// "reduce.sum ipt_8.tpb_256 [T{ct}=I32] Elements{io}[pow2]=16": which row, for messages.
std::string describe_row(const Measurement& row);

}  // namespace policytune
