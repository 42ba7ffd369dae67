// SPDX-License-Identifier: Apache-2.0
// The harness protocol's status words and exit codes (bench/README.md, "JSON protocol").
#pragma once

#include <cstddef>

namespace policytune::protocol
{
/// How one state (a variant's runtime workload) ended. The harness reports the first four
/// statuses of its states; the tool adds the build and timeout ones for what it saw itself, and
/// stores all of them under these names. The order is the tool's (policytune::Status).
enum class status
{
  ok,
  build_failed,
  build_timeout,
  run_failed,
  run_timeout,
  wrong_result,
  skipped
};

inline constexpr std::size_t status_count = 7;

/// The names of the statuses, in the order of `status`.
inline constexpr const char* status_names[status_count] = {
  "ok", "build_failed", "build_timeout", "run_failed", "run_timeout", "wrong_result", "skipped"};

/// The name of `s`, as the JSON documents and the results database write it.
constexpr const char* status_name(status s) noexcept
{
  const auto i = static_cast<std::size_t>(s);
  return i < status_count ? status_names[i] : "unknown";
}

namespace detail
{
constexpr bool equal(const char* a, std::size_t a_size, const char* b) noexcept
{
  std::size_t i = 0;
  for (; i < a_size; ++i)
  {
    if (b[i] == '\0' || a[i] != b[i])
    {
      return false;
    }
  }
  return b[i] == '\0';
}
} // namespace detail

/// The status named [text, text + size); false when no status has that name.
constexpr bool parse_status(const char* text, std::size_t size, status& out) noexcept
{
  for (std::size_t i = 0; i < status_count; ++i)
  {
    if (detail::equal(text, size, status_names[i]))
    {
      out = static_cast<status>(i);
      return true;
    }
  }
  return false;
}

/// A whole document's `"status"`: it ran (`ok`), there is no CUDA device (`no_device`), or the
/// device could not be set up (`error`, the reason says why).
inline constexpr const char document_ok[]        = "ok";
inline constexpr const char document_no_device[] = "no_device";
inline constexpr const char document_error[]     = "error";

/// The harness's exit codes: it ran (whatever the states' statuses); the benchmark's own
/// definition is broken or the device could not be set up; a bad command line; no CUDA device
/// (automake's "skipped").
inline constexpr int exit_ran        = 0;
inline constexpr int exit_broken     = 1;
inline constexpr int exit_usage      = 2;
inline constexpr int exit_no_device  = 77;
} // namespace policytune::protocol
