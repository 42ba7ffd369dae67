// No process policytune starts outlives it: not a helper a benchmark detaches with setsid, not a
// compiler when policytune itself is killed with kill -9. Runs the policytune executable, since
// the subreaper and the end of every descendant belong to its main().
#include "run/child_processes.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "store/results_database.hpp"
#include "support/policytune_process.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::kTinyBenchmark;
namespace fs = std::filesystem;

namespace {

const std::string kDetached = POLICYTUNE_TEST_DATA "/faults/bench/faults/detached.cpp";

using testing::start_policytune;

// The wait status of `child`, killed if it takes longer than a generous `limit`.
int wait_for(pid_t child, std::chrono::seconds limit = std::chrono::seconds(600)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      FAIL("policytune ran longer than " << limit.count() << " s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return status;
}

// Whether `pid` still runs: a zombie has ended, whoever is left to reap it.
bool running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  const auto name_end = line.rfind(')');
  return name_end != std::string::npos && name_end + 2 < line.size() && line[name_end + 2] != 'Z';
}

// Waits generously for `pid` to end; whether it did.
bool ends(pid_t pid) {
  for (int i = 0; i < 600 && running(pid); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return !running(pid);
}

std::vector<pid_t> pids_in(const fs::path& file) {
  std::vector<pid_t> pids;
  std::ifstream in(file);
  for (long pid = 0; in >> pid;) pids.push_back(static_cast<pid_t>(pid));
  return pids;
}

std::vector<fs::path> files_under(const fs::path& folder) {
  std::vector<fs::path> files;
  std::error_code error;
  for (const auto& entry : fs::recursive_directory_iterator(folder, error)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  return files;
}

}  // namespace

TEST_CASE("a helper that a benchmark run detaches with setsid does not outlive the search", "[child_processes]") {
  testing::TemporaryDirectory directory("detached");
  const fs::path pid_file = directory.path() / "helpers";
  const std::string database = directory.file("results.db");
  const pid_t search = start_policytune({"search", kDetached, "--db", database, "--build-dir", directory.file("build"),
                                         "-j", "1", "--min-samples", "3", "--max-time", "0.02", "--run-timeout", "120"},
                                        {"POLICYTUNE_TEST_PID_FILE=" + pid_file.string()});
  const int status = wait_for(search);
  const auto helpers = pids_in(pid_file);
  // Ends them whatever the outcome, so that a failing test leaves nothing running.
  const auto cleanup = [&] {
    for (const pid_t helper : helpers) kill(helper, SIGKILL);
  };
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  // One per variant run: each variant once in the search, then again in each of the 3 rounds of the
  // confirmation (both variants are finalists), whose runs must not leave helpers behind either.
  CHECK(helpers.size() == 8);
  for (const pid_t helper : helpers) {
    INFO("helper " << helper);
    CHECK(ends(helper));
  }
  cleanup();
  // The helper held the run's output open: the run still ends when the benchmark does, not at the
  // run time limit.
  ResultsDatabase results(database, ResultsDatabase::Mode::read_only);
  const auto rows = results.measurements();
  CHECK(rows.size() == 3);
  for (const auto& row : rows) {
    INFO(row.variant << ": " << row.reason);
    CHECK(row.status == Status::ok);
  }
}

TEST_CASE(
    "kill -9 of a search ends its compiler and what the compiler started but a launcher's server, and the next search "
    "removes the batch sources it left",
    "[child_processes]") {
  testing::TemporaryDirectory directory("killed");
  const fs::path build = directory.path() / "build";
  const fs::path compiler_pid = directory.path() / "compiler.pid";
  const fs::path daemon_pid = directory.path() / "daemon.pid";
  // A launcher that compiles base as asked, and for a batch never finishes: like a compiler driver,
  // it waits on a pass of its own (a grandchild of policytune, as cc1plus is), and it leaves one
  // more that called setsid. It records the three pids. Like sccache, it also starts a server of
  // its own name that detaches: that one serves other builds, and is left running.
  const fs::path launcher = directory.path() / "launcher.sh";
  std::ofstream(launcher) << "#!/bin/sh\ncase \"$*\" in\n"
                          << "  --serve) echo $$ > " << daemon_pid.string() << ".part && mv " << daemon_pid.string()
                          << ".part " << daemon_pid.string() << "; sleep 600; exit;;\n"
                          << "  *batch-*) setsid \"$0\" --serve & sleep 600 & pass=$!; setsid sleep 600 & detached=$!;"
                          << " echo $$ $pass $detached > " << compiler_pid.string() << ".part && mv "
                          << compiler_pid.string() << ".part " << compiler_pid.string()
                          << "; wait;;\nesac\nexec \"$@\"\n";
  fs::permissions(launcher, fs::perms::owner_all);
  const std::string database = directory.file("results.db");
  const std::vector<std::string> search{"search",
                                        kTinyBenchmark,
                                        "-a",
                                        "T{ct}=I32",
                                        "--db",
                                        database,
                                        "--build-dir",
                                        build.string(),
                                        "-j",
                                        "1",
                                        "--batch-size",
                                        "2",
                                        "--min-samples",
                                        "3",
                                        "--max-time",
                                        "0.02",
                                        "--strategy",
                                        "exhaustive",
                                        "--budget",
                                        "2"};
  std::vector<std::string> stuck = search;
  stuck.insert(stuck.end(), {"--compiler-launcher", launcher.string()});
  // The stuck batch must be compiled, not copied from the test run's build cache.
  const pid_t killed = start_policytune(stuck, {"POLICYTUNE_BUILD_CACHE="});
  for (int i = 0; i < 6000 && !(fs::exists(compiler_pid) && fs::exists(daemon_pid)); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  REQUIRE(fs::exists(compiler_pid));
  REQUIRE(fs::exists(daemon_pid));
  const auto compilers = pids_in(compiler_pid);
  REQUIRE(compilers.size() == 3);
  const auto daemons = pids_in(daemon_pid);
  REQUIRE(daemons.size() == 1);
  kill(killed, SIGKILL);
  waitpid(killed, nullptr, 0);

  const std::string dead = std::to_string(killed);
  std::vector<fs::path> left;  // what the killed search wrote under names of its own
  for (const auto& file : files_under(build)) {
    if (file.filename().string().find(dead) != std::string::npos) left.push_back(file);
  }
  for (const pid_t compiler : compilers) {
    INFO("compiler process " << compiler);
    CHECK(ends(compiler));
  }
  for (const pid_t compiler : compilers) kill(compiler, SIGKILL);  // should a check have failed
  CHECK(running(daemons[0]));
  kill(-daemons[0], SIGKILL);  // it leads a session of its own: it and its sleep
  REQUIRE_FALSE(left.empty());
  bool batch_source_left = false;
  for (const auto& file : left) batch_source_left |= file.extension() == ".cpp";
  CHECK(batch_source_left);

  const int status = wait_for(start_policytune(search));
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  for (const auto& file : left) {
    INFO(file.string());
    CHECK_FALSE(fs::exists(file));
  }
  for (const auto& file : files_under(build)) {
    INFO(file.string());
    CHECK(file.extension() != ".cpp");  // no batch source of either search is left
  }
}
