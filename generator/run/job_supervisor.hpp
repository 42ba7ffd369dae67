#pragma once

#include <optional>
#include <string>
#include <vector>

namespace policytune {

// A small process between policytune and each job it runs, so that a job's whole process tree ends
// with policytune even when policytune is killed with kill -9.
//
// PR_SET_PDEATHSIG reaches only a direct child: when policytune dies, a compiler driver dies with
// it, but the passes the driver started (cc1plus, cicc, ptxas) and anything that called setsid are
// handed to init and run on. The supervisor is a child subreaper: those processes become its
// children. Its death signal is SIGTERM, which it catches to end every one of them before it exits.
// It is this same executable started again (/proc/self/exe), so it needs nothing installed.

// main() calls it first thing. When this process was started as a supervisor, supervises the job
// and returns its exit status for main() to return; otherwise returns nullopt and, from then on,
// run_process starts each job under a supervisor. A program that never calls it (a fuzzer) runs
// its jobs directly.
std::optional<int> supervise_jobs(int argc, char** argv);

// Whether run_process puts a supervisor between policytune and its jobs.
bool jobs_are_supervised() noexcept;

// The arguments of a supervisor that runs `command` (found on PATH as execvp finds it). The job
// reports a failure to start (errno) on `exec_error_fd`, which must be open across exec.
std::vector<std::string> supervisor_arguments(const std::vector<std::string>& command, int exec_error_fd);

}  // namespace policytune
