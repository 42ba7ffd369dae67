#include "commands/command_line.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>

#include "commands/command.hpp"
#include "core/environment_error.hpp"
#include "core/user_error.hpp"
#include "core/version.hpp"

namespace policytune {

int run_command_line(int argc, char** argv) {
  CLI::App app{"policytune: tune compile-time kernel policies and render them into policy hubs"};
  app.set_version_flag("--version", std::string(kVersion));
  app.require_subcommand(1);
  RunCommand run;
  for (const Command& command : all_commands()) {
    CLI::App* sub = app.add_subcommand(command.name, command.summary);
    RunCommand prepared = command.setup(*sub);
    sub->callback([&run, prepared] { run = prepared; });
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& done) {
    return app.exit(done);
  } catch (const CLI::ParseError& error) {
    fmt::print(stderr, "policytune: error: {}\n", error.what());
    return kUserErrorExit;
  }
  try {
    return run();
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

}  // namespace policytune
