#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace policytune {

// How a child process ended.
struct ProcessResult {
  int exit_code = -1;        // valid when exited normally
  int signal = 0;            // non-zero when killed by a signal (not by our timeout)
  bool timed_out = false;    // we killed it (and its process group) at the deadline
  bool interrupted = false;  // we killed it because policytune itself is being interrupted
  std::string out;
  std::string err;
  std::chrono::duration<double> elapsed{};

  bool succeeded() const noexcept { return !timed_out && !interrupted && signal == 0 && exit_code == 0; }
  // "exit code 1", "killed by signal 11 (Segmentation fault)", "timed out after 3.0 s"
  std::string describe() const;
};

// Runs `argv` (never through a shell) in a process group of its own, capturing stdout and stderr.
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
