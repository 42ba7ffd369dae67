#include "run/interrupted.hpp"

#include "run/process.hpp"

namespace policytune {

void check_interrupt() {
  if (interrupt_requested()) throw Interrupted();
}

}  // namespace policytune
