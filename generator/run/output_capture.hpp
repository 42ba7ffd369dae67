#pragma once

#include <cstddef>
#include <string>

namespace policytune {

// What run_process keeps of one output stream of a child, however much the child prints: its
// first `head_limit` bytes and its last `tail_limit` bytes. Everything is still read (the caller
// drains the pipe, so that the child never blocks on a full one); what lies between is counted,
// not kept, so one runaway variant cannot take the memory of the whole search.
class OutputCapture {
public:
  OutputCapture(std::size_t head_limit, std::size_t tail_limit);

  void append(const char* data, std::size_t size);

  // The bytes read and not kept.
  std::size_t dropped() const noexcept { return dropped_; }

  // The head, and where bytes were dropped a line saying how many, then the tail.
  std::string take();

private:
  std::size_t head_limit_;
  std::size_t tail_limit_;
  std::string head_;
  // The last bytes read past the head; up to twice tail_limit_ before the surplus is erased at
  // once, so that keeping the tail costs a constant per byte.
  std::string tail_;
  std::size_t dropped_ = 0;
};

}  // namespace policytune
