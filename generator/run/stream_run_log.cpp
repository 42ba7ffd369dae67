#include "run/stream_run_log.hpp"

#include <fmt/format.h>

#include "core/comment_text.hpp"

namespace policytune {

void StreamRunLog::message(const std::string& text) {
  // A message may quote a benchmark's or compiler's words: one line, control characters escaped.
  fmt::print(stream_, "{}{}\n", terminal_ ? "\r\033[K" : "", one_line_text(text));
  std::fflush(stream_);
}

}  // namespace policytune
