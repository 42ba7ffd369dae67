#include "run/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <stdexcept>

#include "core/environment_error.hpp"
#include "core/user_error.hpp"
#include "run/child_processes.hpp"
#include "run/job_supervisor.hpp"
#include "run/output_capture.hpp"

// Declared by <unistd.h> only where _GNU_SOURCE is defined; POSIX guarantees the variable.
extern char** environ;  // NOLINT(readability-redundant-declaration)

namespace policytune {
namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) { g_interrupted.store(true); }

// The system's default program search path (what execvp uses when PATH is unset).
std::string default_search_path() {
  const std::size_t length = confstr(_CS_PATH, nullptr, 0);
  if (length == 0) return "/bin:/usr/bin";
  std::string path(length, '\0');
  confstr(_CS_PATH, path.data(), length);
  path.resize(length - 1);  // confstr counts the terminating NUL
  return path;
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// The pipes between policytune and a child: its stdout, its stderr, and one that reports an exec
// failure (errno) from the child and closes on a successful exec.
struct ChildPipes {
  int out[2];
  int err[2];
  int exec[2];
};

ChildPipes open_child_pipes() {
  ChildPipes pipes;
  if (pipe2(pipes.out, O_CLOEXEC) != 0 || pipe2(pipes.err, O_CLOEXEC) != 0 || pipe2(pipes.exec, O_CLOEXEC) != 0) {
    throw EnvironmentError(std::string("cannot create pipes: ") + std::strerror(errno));
  }
  return pipes;
}

// Our environment, with `environment` ("NAME=value") setting or replacing variables.
std::vector<std::string> child_environment(const std::vector<std::string>& environment) {
  std::vector<std::string> variables;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string variable = *entry;
    const std::string name = variable.substr(0, variable.find('=') + 1);
    const bool replaced = std::any_of(environment.begin(), environment.end(),
                                      [&](const std::string& added) { return added.starts_with(name); });
    if (!replaced) variables.push_back(variable);
  }
  variables.insert(variables.end(), environment.begin(), environment.end());
  // Without PATH (an empty environment, `env -i`) execvpe still finds `c++` in the system's default
  // path, but the compiler then cannot find its own passes (cc1plus): give the child that path.
  const bool has_path = std::any_of(variables.begin(), variables.end(),
                                    [](const std::string& variable) { return variable.starts_with("PATH="); });
  if (!has_path) variables.push_back("PATH=" + default_search_path());
  return variables;
}

// The null-terminated array of pointers into `strings` that exec takes.
std::vector<char*> exec_array(const std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (const auto& string : strings) pointers.push_back(const_cast<char*>(string.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

// Everything the child uses after fork, prepared before it: after fork, a threaded parent may not
// allocate. Not copied or moved, so the pointers into its strings stay valid.
struct ChildLaunch {
  std::vector<char*> args;
  std::vector<std::string> variables;
  std::vector<char*> envp;
  std::vector<std::string> supervisor;  // empty when the job runs unsupervised
  std::vector<char*> supervisor_args;
  sigset_t supervisor_signals;  // its death signal and its children's, taken when it asks for them
  sigset_t no_signals;
  const char* working_directory;  // nullptr: the child stays in ours
  pid_t parent;

  ChildLaunch(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
              const std::optional<std::string>& directory, int exec_error_fd)
      : args(exec_array(argv)),
        variables(child_environment(environment)),
        envp(exec_array(variables)),
        // The job's supervisor (job_supervisor.hpp) ends what the job starts should policytune be killed.
        supervisor(jobs_are_supervised() ? supervisor_arguments(argv, exec_error_fd) : std::vector<std::string>{}),
        supervisor_args(exec_array(supervisor)),
        working_directory(directory ? directory->c_str() : nullptr),
        parent(::getpid()) {
    sigemptyset(&supervisor_signals);
    sigaddset(&supervisor_signals, SIGTERM);
    sigaddset(&supervisor_signals, SIGCHLD);
    sigemptyset(&no_signals);
  }
  ChildLaunch(const ChildLaunch&) = delete;
  ChildLaunch& operator=(const ChildLaunch&) = delete;
};

// The child from fork to exec: it only uses what `launch` prepared, and never returns.
[[noreturn]] void run_child(const ChildLaunch& launch, const ChildPipes& pipes) {
  const bool supervised = !launch.supervisor.empty();
  // Dies with policytune, even by kill -9, where nothing can run in policytune to end it. (The
  // signal follows the forking thread's exit; that thread waits for this child.) A supervisor
  // takes SIGTERM instead, to end the job's descendants before it goes.
  sigprocmask(SIG_SETMASK, supervised ? &launch.supervisor_signals : &launch.no_signals, nullptr);
  prctl(PR_SET_PDEATHSIG, supervised ? SIGTERM : SIGKILL);
  if (::getppid() != launch.parent) _exit(127);  // policytune died before the line above
  setpgid(0, 0);
  dup2(pipes.out[1], STDOUT_FILENO);
  dup2(pipes.err[1], STDERR_FILENO);
  const int null_input = open("/dev/null", O_RDONLY);
  if (null_input >= 0) dup2(null_input, STDIN_FILENO);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  if (launch.working_directory && chdir(launch.working_directory) != 0) {
    const int error = errno;
    (void)!write(pipes.exec[1], &error, sizeof error);
    _exit(127);
  }
  if (supervised) {
    fcntl(pipes.exec[1], F_SETFD, 0);  // the job reports its exec failure through the supervisor
    execve("/proc/self/exe", launch.supervisor_args.data(), launch.envp.data());
    // No /proc: the job runs unsupervised, as its own parent's direct child.
    fcntl(pipes.exec[1], F_SETFD, FD_CLOEXEC);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    sigprocmask(SIG_SETMASK, &launch.no_signals, nullptr);
    if (::getppid() != launch.parent) _exit(127);
  }
  execvpe(launch.args[0], launch.args.data(), launch.envp.data());
  const int error = errno;
  (void)!write(pipes.exec[1], &error, sizeof error);
  _exit(127);
}

// When the child wrote an errno on the exec pipe, it could not enter its folder or start its
// program: closes the pipes, waits for it and throws. Otherwise closes only the exec pipe.
void throw_if_not_started(pid_t pid, ChildPipes& pipes, const std::vector<std::string>& argv,
                          const std::optional<std::string>& working_directory) {
  int exec_error = 0;
  if (read(pipes.exec[0], &exec_error, sizeof exec_error) == static_cast<ssize_t>(sizeof exec_error)) {
    close(pipes.exec[0]);
    close(pipes.out[0]);
    close(pipes.err[0]);
    wait_tracked_child(pid);
    const bool directory_missing = working_directory && !std::filesystem::is_directory(*working_directory);
    // A compiler that is not installed, a folder removed under us: the machine, not the input.
    throw EnvironmentError(
        directory_missing ? *working_directory : argv[0],
        std::string(directory_missing ? "cannot enter: " : "cannot run: ") + std::strerror(exec_error));
  }
  close(pipes.exec[0]);
}

// Waits up to 100 ms for output on the open ones of `fds` and appends what is there to the
// matching sink; closes (and sets to -1) a descriptor at its end. False when poll fails.
bool read_ready_output(int (&fds)[2], OutputCapture* (&sinks)[2]) {
  pollfd polled[2];
  int count = 0;
  for (int i = 0; i < 2; ++i) {
    if (fds[i] >= 0) polled[count++] = {fds[i], POLLIN, 0};
  }
  const int ready = poll(polled, static_cast<nfds_t>(count), 100);
  if (ready < 0 && errno != EINTR) return false;
  for (int p = 0; p < count; ++p) {
    if ((polled[p].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
    const int index = polled[p].fd == fds[0] ? 0 : 1;
    char buffer[1 << 15];
    const ssize_t got = read(fds[index], buffer, sizeof buffer);
    if (got > 0) {
      sinks[index]->append(buffer, static_cast<std::size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      close_fd(fds[index]);
    }
  }
  return true;
}

// Reads the child's stdout and stderr into `result` until both close, killing its group at the
// deadline or on interruption (and saying so in `result`). Returns whether we killed it.
bool collect_output(pid_t pid, const ChildPipes& pipes, std::chrono::duration<double> timeout,
                    std::chrono::steady_clock::time_point start, ProcessResult& result) {
  int fds[2] = {pipes.out[0], pipes.err[0]};
  OutputCapture out(kStdoutLimit, 0);
  OutputCapture err(kStderrHeadLimit, kStderrTailLimit);
  OutputCapture* sinks[2] = {&out, &err};
  bool killed = false;
  bool ended = false;  // the child itself exited; what holds the pipes now is something it left
  std::chrono::steady_clock::time_point killed_at;
  while (fds[0] >= 0 || fds[1] >= 0) {
    const auto now = std::chrono::steady_clock::now();
    const bool late = timeout.count() > 0 && now - start >= timeout;
    if (!killed && (late || interrupt_requested())) {
      result.timed_out = late && !interrupt_requested();
      result.interrupted = interrupt_requested();
      kill(-pid, SIGKILL);
      killed = true;
      killed_at = now;
    }
    if (!killed && !ended) {
      siginfo_t info{};
      if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) {
        // Its group's leftovers are ended; a helper that left the group (setsid) is ended at exit.
        ended = true;
        kill(-pid, SIGKILL);
        killed_at = now;
      }
    }
    // A grandchild that escaped the group may hold the pipes open; after a kill, stop waiting.
    if ((killed || ended) && now - killed_at > std::chrono::seconds(2)) break;
    if (!read_ready_output(fds, sinks)) break;
  }
  close_fd(fds[0]);
  close_fd(fds[1]);
  result.out_overflowed = out.dropped() > 0;
  if (!result.out_overflowed) result.out = out.take();  // the head of a failed run is of no use
  result.err = err.take();
  return killed;
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

bool interrupt_requested() noexcept { return g_interrupted.load(); }

std::string ProcessResult::describe() const {
  if (interrupted) return "interrupted";
  if (timed_out) return fmt::format("timed out after {:.1f} s", elapsed.count());
  if (signal != 0) return fmt::format("killed by signal {} ({})", signal, strsignal(signal));
  if (out_overflowed) return fmt::format("printed more than {} MiB to stdout", kStdoutLimit >> 20);
  return fmt::format("exit code {}", exit_code);
}

ProcessResult run_process(const std::vector<std::string>& argv, std::chrono::duration<double> timeout,
                          const std::optional<std::string>& working_directory,
                          const std::vector<std::string>& environment) {
  if (argv.empty()) throw std::logic_error("run_process: empty command");
  ChildPipes pipes = open_child_pipes();
  const ChildLaunch launch(argv, environment, working_directory, pipes.exec[1]);

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork_tracked_child();
  if (pid < 0) throw EnvironmentError(std::string("cannot fork: ") + std::strerror(errno));
  if (pid == 0) run_child(launch, pipes);
  setpgid(pid, pid);  // also here, so the group exists before we might kill it
  close(pipes.out[1]);
  close(pipes.err[1]);
  close(pipes.exec[1]);
  throw_if_not_started(pid, pipes, argv, working_directory);

  ProcessResult result;
  const bool killed = collect_output(pid, pipes, timeout, start, result);
  const int status = wait_tracked_child(pid);
  reap_exited_orphans();
  result.elapsed = std::chrono::steady_clock::now() - start;
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status) && !killed) result.signal = WTERMSIG(status);
  return result;
}

}  // namespace policytune
