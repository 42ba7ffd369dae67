#include "run/output_capture.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace policytune {

OutputCapture::OutputCapture(std::size_t head_limit, std::size_t tail_limit)
    : head_limit_(head_limit), tail_limit_(tail_limit) {}

void OutputCapture::append(const char* data, std::size_t size) {
  const std::size_t into_head = std::min(size, head_limit_ - head_.size());
  head_.append(data, into_head);
  data += into_head;
  size -= into_head;
  if (size == 0) return;
  if (tail_limit_ == 0) {
    dropped_ += size;
    return;
  }
  if (size >= tail_limit_) {  // the new bytes alone fill the tail
    dropped_ += tail_.size() + size - tail_limit_;
    tail_.assign(data + size - tail_limit_, tail_limit_);
    return;
  }
  tail_.append(data, size);
  if (tail_.size() >= 2 * tail_limit_) {
    const std::size_t surplus = tail_.size() - tail_limit_;
    dropped_ += surplus;
    tail_.erase(0, surplus);
  }
}

std::string OutputCapture::take() {
  // The tail may hold up to twice its limit: only its last tail_limit_ bytes are the tail.
  if (tail_.size() > tail_limit_) {
    dropped_ += tail_.size() - tail_limit_;
    tail_.erase(0, tail_.size() - tail_limit_);
  }
  std::string text = std::move(head_);
  if (dropped_ > 0) {
    if (!text.empty() && text.back() != '\n') text += '\n';
    text += fmt::format("[policytune: {} bytes of this output left out]\n", dropped_);
  }
  text += tail_;
  head_.clear();
  tail_.clear();
  return text;
}

}  // namespace policytune
