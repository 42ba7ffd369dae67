#pragma once
// A policytune command line run in the test's own process (run_command_line, as main() and `batch`
// run it), with its standard output and error captured: what a command prints and which exit code
// it gives, without starting the executable.

#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands/command_line.hpp"

namespace policytune::testing {

struct CommandRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

namespace command_run_detail {

inline std::string read_back(std::FILE* file) {
  std::string text;
  std::rewind(file);
  char buffer[65536];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) text.append(buffer, n);
  return text;
}

// Points descriptor `target` at `file` until destroyed.
class CapturedDescriptor {
public:
  CapturedDescriptor(int target, std::FILE* file) : target_(target), saved_(::dup(target)) {
    REQUIRE(saved_ >= 0);
    REQUIRE(::dup2(::fileno(file), target) >= 0);
  }
  ~CapturedDescriptor() {
    ::dup2(saved_, target_);
    ::close(saved_);
  }
  CapturedDescriptor(const CapturedDescriptor&) = delete;
  CapturedDescriptor& operator=(const CapturedDescriptor&) = delete;

private:
  int target_;
  int saved_;
};

}  // namespace command_run_detail

// Runs `policytune <arguments...>` here; its output goes to temporary files while it runs.
inline CommandRun run_policytune_here(const std::vector<std::string>& arguments) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::tmpfile(), &std::fclose);
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> err(std::tmpfile(), &std::fclose);
  REQUIRE(out);
  REQUIRE(err);
  std::vector<std::string> storage{"policytune"};
  storage.insert(storage.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& argument : storage) argv.push_back(argument.data());
  argv.push_back(nullptr);
  CommandRun run;
  std::fflush(stdout);
  std::fflush(stderr);
  {
    const command_run_detail::CapturedDescriptor out_captured(STDOUT_FILENO, out.get());
    const command_run_detail::CapturedDescriptor err_captured(STDERR_FILENO, err.get());
    run.exit_code = run_command_line(static_cast<int>(storage.size()), argv.data());
    std::fflush(stdout);
    std::fflush(stderr);
  }
  run.out = command_run_detail::read_back(out.get());
  run.err = command_run_detail::read_back(err.get());
  return run;
}

// Lines of `text`, each without its line break.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t stop = text.find('\n', start);
    if (stop == std::string::npos) stop = text.size();
    lines.push_back(text.substr(start, stop - start));
    start = stop + 1;
  }
  return lines;
}

}  // namespace policytune::testing
