#include "core/standard_descriptors.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace policytune {
namespace {

bool is_closed(int fd) { return ::fcntl(fd, F_GETFD) == -1 && errno == EBADF; }

// Opens /dev/null with `flags` onto `fd`, which is closed: open() returns the lowest free
// descriptor, and the lower ones are taken already (they are handled in order).
void occupy(int fd, int flags) {
  const int opened = ::open("/dev/null", flags);  // inherited: the compilers and benchmarks started get it too
  if (opened >= 0 && opened != fd) {
    ::dup2(opened, fd);
    ::close(opened);
  }
}

}  // namespace

void occupy_closed_standard_descriptors() {
  if (is_closed(STDIN_FILENO)) occupy(STDIN_FILENO, O_RDONLY);
  if (is_closed(STDOUT_FILENO)) occupy(STDOUT_FILENO, O_RDONLY);  // writes fail with EBADF: reported
  if (is_closed(STDERR_FILENO)) occupy(STDERR_FILENO, O_WRONLY);
}

}  // namespace policytune
