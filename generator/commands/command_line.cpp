#include "commands/command_line.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <system_error>

#include "commands/command.hpp"
#include "core/environment_error.hpp"
#include "core/user_error.hpp"
#include "core/version.hpp"

namespace policytune {
namespace {

// Every command resolves relative paths (the default database among them): in a folder that was
// removed it would fail deep inside, as an internal error.
void require_working_directory() {
  std::error_code error;
  (void)std::filesystem::current_path(error);
  if (error) throw EnvironmentError("the working directory", error.message() + ": cd to a folder that exists");
}

// What a command printed reached its standard output: a full disk (/dev/full) or a closed stdout
// would otherwise end in exit 0 with nothing written, and a script would take the empty answer.
void require_standard_output_written() {
  errno = 0;
  std::cout.flush();
  const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0 || std::cout.bad();
  if (failed) {
    throw EnvironmentError("standard output", std::string("cannot write: ") + std::strerror(errno != 0 ? errno : EIO));
  }
}

// Runs `step` and turns its errors into the message and exit code of their kind.
template <class Step>
int exit_code_of(Step&& step) {
  try {
    return step();
  } catch (const UserError& error) {
    fmt::print(stderr, "policytune: error: {}\n", error.what());
    return kUserErrorExit;
  } catch (const EnvironmentError& error) {
    fmt::print(stderr, "policytune: error: {}\n", error.what());
    return kEnvironmentErrorExit;
  } catch (const std::exception& error) {
    fmt::print(stderr, "policytune: internal error (please report): {}\n", error.what());
    return kInternalErrorExit;
  }
}

}  // namespace

int run_command_line(int argc, char** argv) {
  CLI::App app{"policytune: tune compile-time kernel policies and render them into policy hubs"};
  app.set_version_flag("--version", std::string(kVersion));
  app.require_subcommand(1);
  // A single-valued option given twice is refused, never the last one taken: CLI11's default,
  // stated here since the subcommands inherit it and a lost guess is stored results
  // (`--device-arch 90 --device-arch 80`). Flags take the last; lists (-a, --template) take all.
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::Throw);
  RunCommand run;
  for (const Command& command : all_commands()) {
    CLI::App* sub = app.add_subcommand(command.name, command.summary);
    RunCommand prepared = command.setup(*sub);
    sub->callback([&run, prepared] { run = prepared; });
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& done) {
    return exit_code_of([&] {
      const int code = app.exit(done);  // --help, --version
      require_standard_output_written();
      return code;
    });
  } catch (const CLI::ParseError& error) {
    fmt::print(stderr, "policytune: error: {}\n", error.what());
    return kUserErrorExit;
  }
  return exit_code_of([&] {
    require_working_directory();
    const int code = run();
    require_standard_output_written();
    return code;
  });
}

}  // namespace policytune
