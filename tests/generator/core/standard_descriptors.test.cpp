#include "core/standard_descriptors.hpp"

#include <catch2/catch.hpp>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace {

// Runs `child` in a forked process and returns its exit code (what it found), so that closing
// this process's own standard descriptors does not disturb the test runner.
template <class Child>
int in_child(Child child) {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(child());
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE("a closed standard output is occupied: the next file opened is not descriptor 1, and writing fails",
          "[standard_descriptors]") {
  const int found = in_child([] {
    ::close(STDOUT_FILENO);
    policytune::occupy_closed_standard_descriptors();
    const int file = ::open("/dev/null", O_RDONLY);
    if (file == STDOUT_FILENO) return 1;  // a database opened now would receive the output
    if (::write(STDOUT_FILENO, "x", 1) != -1) return 2;
    return errno == EBADF ? 0 : 3;
  });
  CHECK(found == 0);
}

TEST_CASE("closed standard input and error are occupied, open ones are left as they are", "[standard_descriptors]") {
  const int found = in_child([] {
    ::close(STDIN_FILENO);
    ::close(STDERR_FILENO);
    const int out_flags = ::fcntl(STDOUT_FILENO, F_GETFL);
    policytune::occupy_closed_standard_descriptors();
    if (::fcntl(STDIN_FILENO, F_GETFD) == -1 || ::fcntl(STDERR_FILENO, F_GETFD) == -1) return 1;
    if (::write(STDERR_FILENO, "", 0) != 0) return 2;                  // open for writing
    if ((::fcntl(STDIN_FILENO, F_GETFD) & FD_CLOEXEC) != 0) return 3;  // inherited by the programs started
    return ::fcntl(STDOUT_FILENO, F_GETFL) == out_flags ? 0 : 4;
  });
  CHECK(found == 0);
}
