#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace policytune {

// What run_process keeps of a child's output, whatever it prints. Of stdout, the head: a harness's
// results, --list and --device documents are parsed whole, and legitimate ones are thousands of
// times smaller (the largest --list the shipped databases hold, radix_sort.pairs', is 817 bytes; a
// run's results take a few hundred bytes per state); a child that prints more has failed. Of
// stderr, the head (a compiler's first error) and the tail (a benchmark's last words), which are
// what reasons quote.
inline constexpr std::size_t kStdoutLimit = std::size_t{64} << 20;
inline constexpr std::size_t kStderrHeadLimit = std::size_t{4} << 20;
inline constexpr std::size_t kStderrTailLimit = std::size_t{4} << 20;

// How a child process ended.
struct ProcessResult {
  int exit_code = -1;           // valid when exited normally
  int signal = 0;               // non-zero when killed by a signal (not by our timeout)
  bool timed_out = false;       // we killed it (and its process group) at the deadline
  bool interrupted = false;     // we killed it because policytune itself is being interrupted
  bool out_overflowed = false;  // it printed more than kStdoutLimit bytes to stdout: a failed run
  std::string out;              // at most kStdoutLimit bytes
  std::string err;              // its head and tail, with a line saying how much lies between
  std::chrono::duration<double> elapsed{};

  bool succeeded() const noexcept {
    return !timed_out && !interrupted && signal == 0 && exit_code == 0 && !out_overflowed;
  }
  // "exit code 1", "killed by signal 11 (Segmentation fault)", "timed out after 3.0 s",
  // "printed more than 64 MiB to stdout"
  std::string describe() const;
};

// Runs `argv` (never through a shell) in a process group of its own, capturing stdout and stderr
// (read to their end, kept as far as the limits above say).
// At the deadline, or when interruption is requested, the whole group is killed with SIGKILL, so
// compilers and benchmarks cannot leave helpers running. `timeout` 0 means none.
// `environment` ("NAME=value") sets or replaces variables of ours for the child.
// Throws UserError when the program cannot be started at all.
ProcessResult run_process(const std::vector<std::string>& argv, std::chrono::duration<double> timeout,
                          const std::optional<std::string>& working_directory = std::nullopt,
                          const std::vector<std::string>& environment = {});

// Ctrl-C and SIGTERM set a flag instead of killing policytune outright: running children are
// killed, the work in flight is abandoned, and what was stored stays stored.
void install_interrupt_handlers();
bool interrupt_requested() noexcept;

}  // namespace policytune
