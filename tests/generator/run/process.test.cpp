#include "run/process.hpp"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "core/environment_error.hpp"
#include "core/user_error.hpp"

using namespace policytune;
using namespace std::chrono_literals;

namespace {

// A deadline for programs that end at once: it only ends a hung test, so it is far from what a
// loaded machine could need.
constexpr auto kGenerous = 120s;

// A fresh empty directory, removed again at the end of the test.
struct TemporaryDirectory {
  std::filesystem::path path;
  TemporaryDirectory() {
    std::string pattern = (std::filesystem::temp_directory_path() / "policytune-process-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path = std::filesystem::canonical(pattern);
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

// Whether `pid` no longer runs: gone (ESRCH), or a zombie waiting for whoever inherited it to reap
// it (an orphan's reaper is init, whose diligence is outside our control).
bool is_dead(pid_t pid) {
  if (kill(pid, 0) != 0) return errno == ESRCH;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const auto close = line.rfind(')');
  return close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z';
}

}  // namespace

TEST_CASE("run_process captures both streams and the exit code", "[process]") {
  const auto result = run_process({"/bin/sh", "-c", "echo out; echo err >&2; exit 3"}, kGenerous);
  CHECK(result.out == "out\n");
  CHECK(result.err == "err\n");
  CHECK(result.exit_code == 3);
  CHECK(result.signal == 0);
  CHECK_FALSE(result.timed_out);
  CHECK_FALSE(result.interrupted);
  CHECK_FALSE(result.succeeded());
  CHECK(result.describe() == "exit code 3");
}

TEST_CASE("run_process's elapsed time covers the program's run", "[process]") {
  // A lower bound only: the program cannot end before its own sleep, however loaded the machine.
  const auto result = run_process({"/bin/sh", "-c", "sleep 0.3"}, 0s);
  CHECK(result.succeeded());
  CHECK(result.elapsed >= 0.3s);
}

TEST_CASE("run_process of a successful program", "[process]") {
  const auto result = run_process({"/bin/sh", "-c", "printf 'a b'"}, 0s);  // 0: no timeout
  CHECK(result.succeeded());
  CHECK(result.exit_code == 0);
  CHECK(result.out == "a b");
  CHECK(result.err.empty());
  CHECK(result.describe() == "exit code 0");
}

TEST_CASE("run_process passes arguments without a shell", "[process]") {
  const auto result = run_process({"/bin/sh", "-c", "printf '%s|' \"$@\"", "sh", "a b", "$HOME", "'q'", ""}, kGenerous);
  CHECK(result.succeeded());
  CHECK(result.out == "a b|$HOME|'q'||");
}

TEST_CASE("run_process drains large outputs on both streams", "[process]") {
  // Far beyond a pipe's buffer on each stream: reading only one at a time would deadlock.
  const auto result =
      run_process({"/bin/sh", "-c", "yes out | head -n 100000; yes err | head -n 100000 >&2; echo done"}, kGenerous);
  CHECK(result.succeeded());
  CHECK(result.out.size() == 100000 * 4 + 5);
  CHECK(result.err.size() == 100000 * 4);
  CHECK(result.out.ends_with("out\ndone\n"));
}

TEST_CASE("run_process gives the child an empty stdin", "[process]") {
  const auto result = run_process({"cat"}, kGenerous);  // found on PATH; would hang on an inherited terminal
  CHECK(result.succeeded());
  CHECK(result.out.empty());
  CHECK_FALSE(result.timed_out);
}

TEST_CASE("run_process reports a program killed by a signal", "[process]") {
  const auto result = run_process({"/bin/sh", "-c", "echo before; kill -SEGV $$"}, kGenerous);
  CHECK(result.signal == SIGSEGV);
  CHECK(result.signal == 11);
  CHECK_FALSE(result.timed_out);
  CHECK_FALSE(result.succeeded());
  CHECK(result.out == "before\n");
  CHECK_THAT(result.describe(), Catch::Contains("signal 11"));
}

TEST_CASE("run_process kills the whole process group at the timeout", "[process]") {
  TemporaryDirectory directory;
  const auto pid_file = directory.path / "background.pid";
  const auto started = std::chrono::steady_clock::now();
  const auto result =
      run_process({"/bin/sh", "-c", "sleep 30 & echo $! > '" + pid_file.string() + "'; sleep 30"}, 500ms);
  const auto took = std::chrono::steady_clock::now() - started;
  CHECK(result.timed_out);
  CHECK_FALSE(result.interrupted);
  CHECK(result.signal == 0);  // our kill, not the program's crash
  CHECK_FALSE(result.succeeded());
  CHECK(took >= 400ms);
  CHECK(took < 20s);  // killed at its deadline, not left to its 30 s sleep (with room for a loaded machine)
  CHECK_THAT(result.describe(), Catch::StartsWith("timed out after"));

  // The backgrounded grandchild died with the group.
  std::ifstream pid_stream(pid_file);
  pid_t background = 0;
  REQUIRE(pid_stream >> background);
  REQUIRE(background > 1);
  bool dead = false;
  for (int attempt = 0; attempt < 1000 && !dead; ++attempt) {
    dead = is_dead(background);
    if (!dead) std::this_thread::sleep_for(20ms);
  }
  CHECK(dead);
  if (!dead) kill(background, SIGKILL);  // do not leave it behind when the check fails
}

TEST_CASE("run_process of a program that does not exist is an environment error (a compiler not installed)",
          "[process]") {
  CHECK_THROWS_AS(run_process({"/nonexistent/policytune-no-such-program"}, kGenerous), EnvironmentError);
  CHECK_THROWS_WITH(run_process({"/nonexistent/policytune-no-such-program"}, kGenerous), Catch::Contains("cannot run"));
  CHECK_THROWS_AS(run_process({"policytune-no-such-program-on-path"}, kGenerous), EnvironmentError);
}

TEST_CASE("run_process runs in the working directory it is given", "[process]") {
  TemporaryDirectory directory;
  const auto result = run_process({"/bin/sh", "-c", "pwd -P"}, kGenerous, directory.path.string());
  CHECK(result.succeeded());
  CHECK(result.out == directory.path.string() + "\n");

  const auto here = run_process({"/bin/sh", "-c", "pwd -P"}, kGenerous);
  CHECK(here.out == std::filesystem::canonical(std::filesystem::current_path()).string() + "\n");

  CHECK_THROWS_AS(run_process({"/bin/sh", "-c", "true"}, kGenerous, (directory.path / "missing").string()),
                  EnvironmentError);
}

TEST_CASE("describe() spells each ending", "[process]") {
  ProcessResult result;
  result.exit_code = 1;
  CHECK(result.describe() == "exit code 1");
  result.signal = 11;
  CHECK_THAT(result.describe(), Catch::StartsWith("killed by signal 11 ("));
  result.timed_out = true;
  result.elapsed = std::chrono::duration<double>(3.04);
  CHECK(result.describe() == "timed out after 3.0 s");
  result.interrupted = true;
  CHECK(result.describe() == "interrupted");
}

TEST_CASE("run_process gives a child the default PATH when policytune has none", "[process]") {
  // As under `env -i`: a compiler found without PATH could not find its own passes.
  const char* saved = std::getenv("PATH");
  const std::string original = saved != nullptr ? saved : "";
  REQUIRE(unsetenv("PATH") == 0);
  const auto result = run_process({"/bin/sh", "-c", "printf %s \"$PATH\""}, kGenerous);
  if (saved != nullptr) setenv("PATH", original.c_str(), 1);
  REQUIRE(result.succeeded());
  CHECK(result.out.find("/usr/bin") != std::string::npos);

  const auto kept = run_process({"/bin/sh", "-c", "printf %s \"$PATH\""}, kGenerous, std::nullopt, {"PATH=/opt/tools"});
  CHECK(kept.out == "/opt/tools");
}

namespace {

// The peak resident memory of this process, in bytes (Linux reports ru_maxrss in KiB).
std::size_t peak_memory() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::size_t>(usage.ru_maxrss) * 1024;
}

}  // namespace

TEST_CASE("run_process keeps a bounded part of a child that prints hundreds of MiB", "[process]") {
  // 300 MiB on each stream, more than the limits and as much as a runaway variant prints: read to
  // the end (the child never blocks, so it ends), kept within the limits. A bound on memory
  // growth, not a time: the peak can only rise by what was kept, never by what was printed.
  const std::size_t before = peak_memory();
  const auto result = run_process(
      {"/bin/sh", "-c", "head -c 314572800 /dev/zero; head -c 314572800 /dev/zero | tr '\\0' e >&2; echo last >&2"},
      kGenerous);
  const std::size_t growth = peak_memory() - before;
  CHECK(growth < (std::size_t{200} << 20));
  CHECK(result.exit_code == 0);
  CHECK(result.out_overflowed);
  CHECK_FALSE(result.succeeded());
  CHECK(result.describe() == "printed more than 64 MiB to stdout");
  CHECK(result.out.empty());  // a failed run's head is not kept either
  CHECK(result.err.size() < kStderrHeadLimit + kStderrTailLimit + 100);
  CHECK(result.err.starts_with(std::string(kStderrHeadLimit, 'e') + "\n[policytune: "));
  CHECK(result.err.ends_with("eeelast\n"));
}

TEST_CASE("run_process keeps stdout up to its limit whole", "[process]") {
  const auto result =
      run_process({"/bin/sh", "-c", "head -c " + std::to_string(kStdoutLimit) + " /dev/zero"}, kGenerous);
  CHECK(result.succeeded());
  CHECK_FALSE(result.out_overflowed);
  CHECK(result.out.size() == kStdoutLimit);
  const auto over =
      run_process({"/bin/sh", "-c", "head -c " + std::to_string(kStdoutLimit + 1) + " /dev/zero"}, kGenerous);
  CHECK(over.out_overflowed);
  CHECK_FALSE(over.succeeded());
}
