#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "core/measurement.hpp"
#include "run/stream_run_log.hpp"

namespace policytune {

// Reports a search as it goes: on a terminal one line rewritten in place (counts, failures,
// best so far, ETA); otherwise one plain line per variant, for logs. Messages and times as every
// run log (run/stream_run_log.hpp).

// Where a variant's rows came from: measured by this run, or stored by an earlier one.
enum class VariantOrigin { measured_now, stored_earlier };

class SearchProgress final : public StreamRunLog {
public:
  SearchProgress(std::FILE* stream, ProgressStyle style) : StreamRunLog(stream, style) {}

  void begin_workload(const std::string& title, std::uint64_t planned);
  void variant_done(const std::string& variant, Status status, const std::string& reason, std::optional<double> score,
                    VariantOrigin origin);
  void end_workload();

  // While the finalists are confirmed (between begin_confirmation and end_confirmation) their
  // building and running is counted apart, so that the search's own times and the confirmation's
  // add up to the whole.
  void add_build_time(double seconds) noexcept override {
    if (confirming_) {
      confirm_build_ += seconds;
    } else {
      StreamRunLog::add_build_time(seconds);
    }
  }
  void add_run_time(double seconds) noexcept override {
    if (confirming_) {
      confirm_run_ += seconds;
    } else {
      StreamRunLog::add_run_time(seconds);
    }
  }
  void begin_confirmation() noexcept { confirming_ = true; }
  void end_confirmation() noexcept { confirming_ = false; }
  double confirmation_build_seconds() const noexcept { return confirm_build_; }
  double confirmation_run_seconds() const noexcept { return confirm_run_; }

  std::uint64_t measured() const noexcept { return total_measured_; }
  std::uint64_t reused() const noexcept { return total_reused_; }
  std::uint64_t failed() const noexcept { return total_failed_; }
  // Variants the device rules out (too many threads, too much shared memory): not failures.
  std::uint64_t skipped() const noexcept { return total_skipped_; }
  // Benchmarks not searched at all: no device to run on (a CUDA benchmark without a GPU).
  void benchmark_not_searched() noexcept { ++benchmarks_not_searched_; }
  std::uint64_t benchmarks_not_searched() const noexcept { return benchmarks_not_searched_; }

private:
  std::string status_line() const;

  std::string title_;
  std::uint64_t planned_ = 0;
  std::uint64_t done_ = 0;
  std::uint64_t measured_ = 0;
  std::uint64_t failed_ = 0;
  std::uint64_t skipped_ = 0;
  std::optional<double> best_score_;
  std::string best_variant_;
  std::chrono::steady_clock::time_point started_;
  std::uint64_t total_measured_ = 0;
  std::uint64_t total_reused_ = 0;
  std::uint64_t total_failed_ = 0;
  std::uint64_t total_skipped_ = 0;
  std::uint64_t benchmarks_not_searched_ = 0;
  std::atomic<double> confirm_build_ = 0;
  std::atomic<double> confirm_run_ = 0;
  std::atomic<bool> confirming_ = false;
};

}  // namespace policytune
