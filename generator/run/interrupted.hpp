#pragma once

#include <stdexcept>

namespace policytune {

// Thrown when Ctrl-C or SIGTERM stopped a search or a check while it built or ran variants. What
// was stored stays; the same command resumes.
class SearchInterrupted : public std::runtime_error {
public:
  SearchInterrupted() : std::runtime_error("interrupted") {}
};

// Throws SearchInterrupted when Ctrl-C or SIGTERM asked the tool to stop (run/process.hpp's
// interrupt_requested()).
void check_interrupt();

}  // namespace policytune
