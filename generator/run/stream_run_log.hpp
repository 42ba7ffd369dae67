#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <string>

#include "run/run_log.hpp"

namespace policytune {

// How a log is shown: one plain line per event (a log file, a pipe) or, on a terminal, a status
// line rewritten in place that messages are printed above.
enum class ProgressStyle { lines, status_line };

// The run log every stage that builds and runs variants prints to (a search's progress adds its
// per-variant lines to it, search/search_progress.hpp; a check prints it as it is): each message a
// line of its own, the status line cleared first on a terminal, and the wall time summed.
class StreamRunLog : public RunLog {
public:
  StreamRunLog(std::FILE* stream, ProgressStyle style)
      : stream_(stream), terminal_(style == ProgressStyle::status_line) {}

  void message(const std::string& text) override;
  // Lanes measure at the same time: the sums are atomic.
  void add_build_time(double seconds) noexcept override { build_ += seconds; }
  void add_run_time(double seconds) noexcept override { run_ += seconds; }
  void add_cached_build() noexcept override { ++cached_builds_; }
  double build_seconds() const noexcept { return build_; }
  double run_seconds() const noexcept { return run_; }
  // Binaries the build cache served (--build-cache) instead of compiles.
  std::uint64_t cached_builds() const noexcept { return cached_builds_; }

protected:
  std::FILE* stream_;
  bool terminal_;

private:
  std::atomic<double> build_ = 0;
  std::atomic<double> run_ = 0;
  std::atomic<std::uint64_t> cached_builds_ = 0;
};

}  // namespace policytune
