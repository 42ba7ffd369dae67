#pragma once

#include <stdexcept>

namespace policytune {

// Thrown when Ctrl-C or SIGTERM stopped any stage (a search, a check, a pool's build) while it built
// or ran variants. What was stored stays; the same command resumes.
class Interrupted : public std::runtime_error {
public:
  Interrupted() : std::runtime_error("interrupted") {}
};

// Throws Interrupted when Ctrl-C or SIGTERM asked the tool to stop (run/process.hpp's
// interrupt_requested()).
void check_interrupt();

}  // namespace policytune
