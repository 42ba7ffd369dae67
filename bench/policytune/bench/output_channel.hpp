// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: stdout kept for the one JSON document. At startup the harness
// takes a private duplicate of file descriptor 1 for it and points 1 at stderr, so that whatever
// the benchmark prints goes to stderr.
#pragma once

#include <cerrno>
#include <cstdio>
#include <string>

#if defined(__unix__) || defined(__APPLE__)
#  include <fcntl.h>
#  include <unistd.h>
#  define POLICYTUNE_BENCH_POSIX 1
#else
#  define POLICYTUNE_BENCH_POSIX 0
#endif

namespace policytune::bench
{
namespace detail
{
inline void write_all(int fd, const std::string& text)
{
#if POLICYTUNE_BENCH_POSIX
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0)
  {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0)
    {
      if (errno == EINTR)
      {
        continue;
      }
      return;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
#else
  (void) fd;
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
#endif
}

/// Keeps stdout for the JSON: returns a private duplicate of fd 1 and points fd 1 at stderr.
inline int redirect_stdout()
{
#if POLICYTUNE_BENCH_POSIX
  std::fflush(stdout);
  const int fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (fd < 0)
  {
    return STDOUT_FILENO;
  }
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  return fd;
#else
  return 1;
#endif
}
} // namespace detail
} // namespace policytune::bench
