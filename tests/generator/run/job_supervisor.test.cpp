// The test executable starts with supervise_jobs() as policytune's main() does (tests/main.cpp), so
// it can be started as a supervisor itself through /proc/self/exe.
#include "run/job_supervisor.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cerrno>
#include <string>
#include <vector>

using namespace policytune;

namespace {

struct SupervisedEnd {
  int status = 0;      // waitpid's
  int exec_error = 0;  // what the job reported on the error pipe; 0: it started
};

// Starts a supervisor of `command` as run_process does, and waits for it.
SupervisedEnd run_supervised_job(const std::vector<std::string>& command) {
  int pipe_ends[2];
  REQUIRE(::pipe(pipe_ends) == 0);
  std::vector<std::string> arguments = supervisor_arguments(command, pipe_ends[1]);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(pipe_ends[0]);
    std::vector<char*> argv;
    for (auto& argument : arguments) argv.push_back(argument.data());
    argv.push_back(nullptr);
    ::execv("/proc/self/exe", argv.data());
    _exit(126);
  }
  ::close(pipe_ends[1]);
  SupervisedEnd end;
  if (::read(pipe_ends[0], &end.exec_error, sizeof end.exec_error) != sizeof end.exec_error) end.exec_error = 0;
  ::close(pipe_ends[0]);
  REQUIRE(waitpid(child, &end.status, 0) == child);
  return end;
}

}  // namespace

TEST_CASE("a supervisor's arguments: its name, the error descriptor, spared names, then the command",
          "[job_supervisor]") {
  const auto arguments = supervisor_arguments({"c++", "-c", "x.cpp"}, 7);
  REQUIRE(arguments.size() >= 6);
  CHECK(arguments[0] == "policytune-job-supervisor");
  CHECK(arguments[1] == "7");
  const auto start = std::find(arguments.begin(), arguments.end(), "--");
  REQUIRE(start != arguments.end());
  CHECK(std::vector<std::string>(start + 1, arguments.end()) == std::vector<std::string>{"c++", "-c", "x.cpp"});
}

TEST_CASE("a process started as itself is no supervisor: its jobs are supervised from then on", "[job_supervisor]") {
  std::string name = "policytune";
  char* argv[] = {name.data(), nullptr};
  CHECK_FALSE(supervise_jobs(1, argv).has_value());
  CHECK(jobs_are_supervised());
}

TEST_CASE("a supervisor ends as its job ended: its exit code or its signal", "[job_supervisor]") {
  const SupervisedEnd exited = run_supervised_job({"sh", "-c", "exit 3"});
  REQUIRE(WIFEXITED(exited.status));
  CHECK(WEXITSTATUS(exited.status) == 3);
  CHECK(exited.exec_error == 0);

  const SupervisedEnd signalled = run_supervised_job({"sh", "-c", "kill -USR1 $$"});
  REQUIRE(WIFSIGNALED(signalled.status));
  CHECK(WTERMSIG(signalled.status) == SIGUSR1);
}

TEST_CASE("a job that cannot start reports its errno to the supervisor's caller", "[job_supervisor]") {
  const SupervisedEnd missing = run_supervised_job({"policytune-no-such-program-here"});
  CHECK(missing.exec_error == ENOENT);
  REQUIRE(WIFEXITED(missing.status));
  CHECK(WEXITSTATUS(missing.status) == 127);
}
