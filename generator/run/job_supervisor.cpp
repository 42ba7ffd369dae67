#include "run/job_supervisor.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "run/child_processes.hpp"

namespace policytune {
namespace {

// argv[0] of a supervisor: no user types it, and `ps` shows what the process is.
constexpr const char* kSupervisorName = "policytune-job-supervisor";
constexpr const char* kCommandStart = "--";

std::atomic<bool> g_supervised{false};

// Ends this supervisor the way its job ended, so that run_process reads the job's own status.
[[noreturn]] void end_as(int status) {
  if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
  const int signal_number = WTERMSIG(status);
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);  // the job dumped its core already, if it was to dump one
  signal(signal_number, SIG_DFL);
  sigset_t raised;
  sigemptyset(&raised);
  sigaddset(&raised, signal_number);
  sigprocmask(SIG_UNBLOCK, &raised, nullptr);
  raise(signal_number);
  _exit(128 + signal_number);
}

// The supervisor itself. Arguments: the exec error descriptor, spared daemon names, "--", command.
int supervise(int argc, char** argv) {
  if (argc < 4) return 127;
  const int exec_error_fd = std::atoi(argv[1]);
  int command_at = 2;
  for (; command_at < argc && std::strcmp(argv[command_at], kCommandStart) != 0; ++command_at) {
    spare_descendants_of_launcher(argv[command_at]);
  }
  ++command_at;
  if (command_at >= argc) return 127;
  prctl(PR_SET_NAME, "policytune-job");
  become_subreaper();
  const pid_t policytune = getppid();

  // run_process blocked these before exec; the death signal waits here until we ask for it.
  sigset_t awaited;
  sigemptyset(&awaited);
  sigaddset(&awaited, SIGCHLD);
  sigaddset(&awaited, SIGTERM);
  sigprocmask(SIG_BLOCK, &awaited, nullptr);
  fcntl(exec_error_fd, F_SETFD, FD_CLOEXEC);

  const pid_t job = fork();
  if (job < 0) {
    const int error = errno;
    (void)!write(exec_error_fd, &error, sizeof error);
    return 127;
  }
  if (job == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // should the supervisor itself be killed
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execvp(argv[command_at], argv + command_at);
    const int error = errno;
    (void)!write(exec_error_fd, &error, sizeof error);
    _exit(127);
  }
  close(exec_error_fd);

  for (;;) {
    siginfo_t info{};
    if (sigwaitinfo(&awaited, &info) < 0) continue;  // EINTR
    if (info.si_signo == SIGTERM) {
      if (getppid() == policytune) {
        kill(job, SIGTERM);  // not our death signal: the job's to handle
        continue;
      }
      // policytune is gone: nothing it started may outlive it. The job goes first, whatever its
      // name: only what it left detached may be a launcher's daemon to spare.
      kill(job, SIGKILL);
      for (int wait = 0; wait < 1000 && waitpid(job, nullptr, WNOHANG) == 0; ++wait) usleep(10000);
      end_all_descendants();
      _exit(128 + SIGTERM);
    }
    // SIGCHLD: the job, or an orphan we adopted, has ended. Signals merge, so reap all that did.
    int status = 0;
    for (pid_t ended; (ended = waitpid(-1, &status, WNOHANG)) > 0;) {
      // What the job left running is handed up to policytune, which ends it when it exits (and
      // spares a launcher's daemon).
      if (ended == job) end_as(status);
    }
  }
}

}  // namespace

std::optional<int> supervise_jobs(int argc, char** argv) {
  if (argc > 0 && std::strcmp(argv[0], kSupervisorName) == 0) return supervise(argc, argv);
  g_supervised = true;
  return std::nullopt;
}

bool jobs_are_supervised() noexcept { return g_supervised; }

std::vector<std::string> supervisor_arguments(const std::vector<std::string>& command, int exec_error_fd) {
  std::vector<std::string> arguments{kSupervisorName, std::to_string(exec_error_fd)};
  for (const std::string& name : spared_command_names()) arguments.push_back(name);
  arguments.push_back(kCommandStart);
  arguments.insert(arguments.end(), command.begin(), command.end());
  return arguments;
}

}  // namespace policytune
