#pragma once
// The policytune executable as a child process of a test, for what only a separate process shows:
// signals, kill -9, several searches at once.

#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

namespace policytune::testing {

// Starts the policytune executable with `arguments`, quiet, with `environment` ("NAME=value") added.
inline pid_t start_policytune(const std::vector<std::string>& arguments,
                              const std::vector<std::string>& environment = {}) {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    for (const auto& variable : environment) putenv(const_cast<char*>(variable.c_str()));
    std::vector<char*> argv{const_cast<char*>(POLICYTUNE_EXECUTABLE)};
    for (const auto& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
    argv.push_back(nullptr);
    execv(POLICYTUNE_EXECUTABLE, argv.data());
    _exit(127);
  }
  return child;
}

}  // namespace policytune::testing
