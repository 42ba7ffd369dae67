#include "search/search_progress.hpp"

#include <fmt/format.h>

#include "core/comment_text.hpp"

namespace policytune {

void SearchProgress::begin_workload(const std::string& title, std::uint64_t planned) {
  title_ = one_line_text(title);  // its workload's axis values are the harness's words
  planned_ = planned;
  done_ = measured_ = failed_ = skipped_ = 0;
  best_score_.reset();
  best_variant_.clear();
  started_ = std::chrono::steady_clock::now();
  if (!terminal_) fmt::print(stream_, "{}: searching {} variants\n", title_, planned_);
}

std::string SearchProgress::status_line() const {
  std::string line = fmt::format("{} [{}/{}] {} failed", title_, done_, planned_, failed_);
  if (skipped_ > 0) line += fmt::format(", {} skipped", skipped_);
  if (best_score_) line += fmt::format(", best {} {:.4f}", best_variant_, *best_score_);
  if (measured_ > 0 && done_ < planned_) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    const auto eta =
        static_cast<long>(elapsed / static_cast<double>(measured_) * static_cast<double>(planned_ - done_));
    line += fmt::format(", ETA {}:{:02}", eta / 60, eta % 60);
  }
  return line;
}

void SearchProgress::variant_done(const std::string& variant, Status status, const std::string& reason,
                                  std::optional<double> score, VariantOrigin origin) {
  const bool reused = origin == VariantOrigin::stored_earlier;
  ++done_;
  if (reused) {
    ++total_reused_;
  } else {
    ++measured_;
    ++total_measured_;
  }
  if (status == Status::skipped) {
    ++skipped_;
    ++total_skipped_;
  } else if (status != Status::ok) {
    ++failed_;
    ++total_failed_;
  }
  if (score && (!best_score_ || *score > *best_score_)) {
    best_score_ = score;
    best_variant_ = variant;
  }
  // What a benchmark or compiler said is shown on one line, its control characters escaped: an
  // escape sequence could clear the terminal, a newline forge a line of ours.
  const std::string shown_variant = one_line_text(variant);
  const std::string shown_reason = one_line_text(reason);
  if (terminal_) {
    // A failure gets a line of its own above the progress line, which would otherwise overwrite
    // why the variant failed before anyone could read it. Failures stored by an earlier run were
    // shown then (and `analyze --failures` lists them).
    if (!reused && status != Status::ok && status != Status::skipped) {
      fmt::print(stream_, "\r\033[K{}: {}: {}: {}\n", title_, shown_variant, to_string(status), shown_reason);
    }
    fmt::print(stream_, "\r\033[K{}", status_line());
    std::fflush(stream_);
    return;
  }
  std::string outcome = status == Status::ok ? (score ? fmt::format("score {:.4f}", *score) : "ok")
                                             : fmt::format("{}: {}", to_string(status), shown_reason);
  if (reused) outcome += " (stored earlier)";
  fmt::print(stream_, "{} | {}: {}\n", status_line(), shown_variant, outcome);
}

void SearchProgress::end_workload() {
  if (terminal_) fmt::print(stream_, "\r\033[K{}\n", status_line());
  std::fflush(stream_);
}

}  // namespace policytune
